import { api } from '@/lib/api-client';

export async function resetPassword(token: string, password: string) {
  return (
    await api.post<{ success: true; message: string }>(`/api/auth/reset-password/${encodeURIComponent(token)}`, {
      password,
    })
  ).data;
}
