import { api } from '@/lib/api-client';
import type { VerifyReply } from './verify-otp';

export async function verifyEmailLink(token: string) {
  return (await api.post<VerifyReply>(`/api/auth/verify-email/${encodeURIComponent(token)}`, {})).data;
}
