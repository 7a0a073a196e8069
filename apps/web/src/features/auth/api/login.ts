import type { LoginBody, User } from '@learnbuild/domain/schemas/auth';
import { api } from '@/lib/api-client';

export async function login(body: LoginBody) {
  return (await api.post<{ success: true; user: User; token: string }>('/api/auth/login', body)).data;
}
