import { api } from '@/lib/api-client';

export async function forgotPassword(email: string) {
  return (await api.post<{ success: true; message: string }>('/api/auth/forgot-password', { email })).data;
}
