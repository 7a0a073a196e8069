import type { CodeRunResult, RunCodeBody, RunCodeReply } from '@learnbuild/domain/schemas/code-editor';
import { api } from '@/lib/api-client';

/** C++ and Java run on the server's judge; the caller shows refusals (401, 429, 503) as the result. */
export async function runCodeOnServer(body: RunCodeBody, signal?: AbortSignal): Promise<CodeRunResult> {
  // The judge may take its own 15 s or so; the client's usual 30 s timeout covers it.
  return (await api.post<RunCodeReply>('/api/code/run', body, { signal })).data.result;
}
