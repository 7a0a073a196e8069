import type { ImportReply } from '@learnbuild/domain/schemas/dsa';
import { CONTENT_TYPES, type FileFormat, importReplyFromError } from '@/features/dsa/download';
import { browserTimeZone } from '@/features/dsa/time-zone';
import { api } from '@/lib/api-client';

export interface ImportRequest {
  text: string;
  format: FileFormat;
  dryRun: boolean;
  skipInvalid: boolean;
}

/** Imports a progress file by slug; a dry run only reports what would change. */
export async function importProgress({ text, format, dryRun, skipInvalid }: ImportRequest): Promise<ImportReply> {
  try {
    const { data } = await api.post<ImportReply>('/api/dsa/progress/import', text, {
      params: { dryRun, skipInvalid, timeZone: browserTimeZone() },
      headers: { 'Content-Type': CONTENT_TYPES[format] },
    });
    return data;
  } catch (error) {
    return importReplyFromError<ImportReply>(error);
  }
}
