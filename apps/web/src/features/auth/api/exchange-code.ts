import type { User } from '@learnbuild/domain/schemas/auth';
import { api } from '@/lib/api-client';

export async function exchangeCode(code: string) {
  return (await api.post<{ success: true; user: User; token: string }>('/api/auth/exchange', { code })).data;
}
