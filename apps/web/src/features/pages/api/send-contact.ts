import type { ContactBody } from '@learnbuild/domain/schemas/contact';
import { api } from '@/lib/api-client';

export async function sendContactMessage(body: ContactBody) {
  return (await api.post<{ success: true; message: string; id: string }>('/api/contact', body)).data;
}
