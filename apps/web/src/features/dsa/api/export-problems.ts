import { type FileFormat, saveDownload } from '@/features/dsa/download';
import { api } from '@/lib/api-client';

/** Downloads the whole bank in the seed file's format (JSON) or as CSV. */
export async function exportProblems(format: FileFormat): Promise<void> {
  const reply = await api.get<Blob>('/api/admin/dsa/problems/export', { params: { format }, responseType: 'blob' });
  saveDownload(reply.data, reply.headers['content-disposition'] as string | undefined, `dsa-problems.${format}`);
}
