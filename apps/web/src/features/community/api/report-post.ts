import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ReportTarget = { kind: 'thread' | 'reply'; id: string };

/** Reports a thread or a reply to the moderators, with a reason (one open report per user per post). */
export async function reportPost({ kind, id, reason }: ReportTarget & { reason: string }) {
  const path = `/api/community/${kind === 'thread' ? 'threads' : 'replies'}/${encodeURIComponent(id)}/report`;
  return (await api.post<{ success: true; message: string }>(path, { reason })).data;
}

export function useReportPost() {
  return useMutation({ mutationFn: reportPost });
}
