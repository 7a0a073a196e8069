import type { RegisterBody } from '@learnbuild/domain/schemas/auth';
import { api } from '@/lib/api-client';

export async function register(body: RegisterBody) {
  return (await api.post<{ success: true; message: string }>('/api/auth/register', body)).data;
}
