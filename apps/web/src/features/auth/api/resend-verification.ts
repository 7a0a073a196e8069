import { api } from '@/lib/api-client';

export async function resendVerification(email: string) {
  return (await api.post<{ success: true; message: string }>('/api/auth/resend-verification', { email })).data;
}
