import type { ImportReply } from '@learnbuild/domain/schemas/dsa';
import { CONTENT_TYPES, importReplyFromError } from '@/features/dsa/download';
import { api } from '@/lib/api-client';
import type { ImportRequest } from './import-progress';

export type ProblemImportReply = ImportReply & { report: ImportReply['report'] & { newTopics?: string[] } };

/** Bulk import of problems (JSON or CSV); a dry run only reports what would change. */
export async function importProblems({
  text,
  format,
  dryRun,
  skipInvalid,
}: ImportRequest): Promise<ProblemImportReply> {
  try {
    const { data } = await api.post<ProblemImportReply>('/api/admin/dsa/problems/import', text, {
      params: { dryRun, skipInvalid },
      headers: { 'Content-Type': CONTENT_TYPES[format] },
    });
    return data;
  } catch (error) {
    return importReplyFromError<ProblemImportReply>(error);
  }
}
