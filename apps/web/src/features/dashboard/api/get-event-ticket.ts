import type { EventTicketReply } from '@learnbuild/domain/schemas/dashboard';
import { api } from '@/lib/api-client';

/** A short-lived ticket to open the live event stream (EventSource cannot send the Bearer header). */
export async function getEventTicket(): Promise<string> {
  return (await api.post<EventTicketReply>('/api/events/ticket')).data.ticket;
}

export function eventStreamUrl(ticket: string): string {
  return `${import.meta.env.VITE_API_BASE_URL ?? ''}/api/events?ticket=${encodeURIComponent(ticket)}`;
}
