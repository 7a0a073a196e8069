import { type FileFormat, saveDownload } from '@/features/dsa/download';
import { api } from '@/lib/api-client';

/** Downloads the learner's own progress (JSON or CSV) to move it to another account. */
export async function exportProgress(format: FileFormat): Promise<void> {
  const reply = await api.get<Blob>('/api/dsa/progress/export', { params: { format }, responseType: 'blob' });
  saveDownload(reply.data, reply.headers['content-disposition'] as string | undefined, `dsa-progress.${format}`);
}
