import { z } from 'zod';
import { SNIPPET_LANGUAGES, type SnippetLanguage } from '../snippet-languages';

// The code editor (issue 13): saved snippets and the C++/Java runner. The API validates with these
// schemas and the web app's forms and fetchers read the same limits and texts.

export * from '../snippet-languages';

/** Languages the browser runs itself; the server never executes them. */
export const BROWSER_LANGUAGES = ['javascript', 'typescript', 'python'] as const satisfies readonly SnippetLanguage[];
/** Languages that run through the Judge0-compatible service when JUDGE0_URL is set. */
export const JUDGE_LANGUAGES = ['cpp', 'java'] as const satisfies readonly SnippetLanguage[];
export type JudgeLanguage = (typeof JUDGE_LANGUAGES)[number];

export const SNIPPET_SOURCE_MAX_BYTES = 100 * 1024;
export const SNIPPET_STDIN_MAX_BYTES = 10 * 1024;
export const SNIPPET_TITLE_MAX = 100;
export const SNIPPETS_PER_USER_MAX = 200;
export const CODE_RUNS_PER_MINUTE = 10;

export const SNIPPET_LANGUAGE_MESSAGE = 'Language must be JavaScript, TypeScript, Python, C++ or Java';
export const SNIPPET_TITLE_REQUIRED_MESSAGE = 'Give the snippet a title';
export const SNIPPET_TITLE_TOO_LONG_MESSAGE = `Titles must be at most ${SNIPPET_TITLE_MAX} characters`;
export const SNIPPET_SOURCE_TOO_LARGE_MESSAGE = 'Snippets must be at most 100 KB';
export const SNIPPET_STDIN_TOO_LARGE_MESSAGE = 'Input must be at most 10 KB';
export const SNIPPET_LIMIT_MESSAGE = `You can keep at most ${SNIPPETS_PER_USER_MAX} snippets. Delete one to save another.`;
export const SNIPPET_NOT_FOUND_MESSAGE = 'Snippet not found';
export const SNIPPET_NOT_OWNER_MESSAGE = 'Only the owner can change this snippet. Fork it to make your own copy.';
export const SNIPPET_NOTHING_TO_CHANGE_MESSAGE = 'Send at least one field to change';
export const SNIPPET_DELETED_MESSAGE = 'Snippet deleted';
export const CODE_RUN_BROWSER_LANGUAGE_MESSAGE = 'Run JavaScript, TypeScript and Python in your browser';
export const CODE_RUN_NOT_AVAILABLE_MESSAGE = 'Running C++ and Java is not available on this server.';
export const CODE_RUN_JUDGE_DOWN_MESSAGE = 'The code runner is not answering. Try again in a minute.';
export const CODE_RUN_RATE_LIMIT_MESSAGE = `You can run code ${CODE_RUNS_PER_MINUTE} times a minute. Please wait a moment.`;

/** Bytes of `text` in UTF-8, counted without allocating (the caps are in bytes, not characters). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

export const snippetLanguageSchema = z.enum(SNIPPET_LANGUAGES, { error: SNIPPET_LANGUAGE_MESSAGE });

export const snippetTitleSchema = z
  .string({ error: 'Title must be text' })
  .trim()
  .min(1, SNIPPET_TITLE_REQUIRED_MESSAGE)
  .max(SNIPPET_TITLE_MAX, SNIPPET_TITLE_TOO_LONG_MESSAGE);

export const snippetSourceSchema = z
  .string({ error: 'Source must be text' })
  .refine((text) => utf8ByteLength(text) <= SNIPPET_SOURCE_MAX_BYTES, SNIPPET_SOURCE_TOO_LARGE_MESSAGE);

export const snippetStdinSchema = z
  .string({ error: 'Input must be text' })
  .refine((text) => utf8ByteLength(text) <= SNIPPET_STDIN_MAX_BYTES, SNIPPET_STDIN_TOO_LARGE_MESSAGE);

export const snippetIdParamsSchema = z.object({ id: z.string() });

export const createSnippetBodySchema = z.object(
  {
    title: snippetTitleSchema,
    language: snippetLanguageSchema,
    source: snippetSourceSchema,
    stdin: snippetStdinSchema.default(''),
  },
  { error: 'Send the snippet as a JSON object' },
);
export type CreateSnippetBody = z.input<typeof createSnippetBodySchema>;
export type CreateSnippetInput = z.output<typeof createSnippetBodySchema>;

export const updateSnippetBodySchema = z
  .object(
    {
      title: snippetTitleSchema.optional(),
      language: snippetLanguageSchema.optional(),
      source: snippetSourceSchema.optional(),
      stdin: snippetStdinSchema.optional(),
      shared: z.boolean({ error: 'Shared must be true or false' }).optional(),
    },
    { error: 'Send the changes as a JSON object' },
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), SNIPPET_NOTHING_TO_CHANGE_MESSAGE);
export type UpdateSnippetBody = z.input<typeof updateSnippetBodySchema>;
export type UpdateSnippetInput = z.output<typeof updateSnippetBodySchema>;

export const snippetSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  language: snippetLanguageSchema,
  shared: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SnippetSummary = z.infer<typeof snippetSummarySchema>;

export const snippetSchema = snippetSummarySchema.extend({
  source: z.string(),
  stdin: z.string(),
  owner: z.object({ id: z.string(), name: z.string() }),
  /** True when the viewer owns it: the editor is read-only (with Fork) otherwise. */
  isOwner: z.boolean(),
});
export type Snippet = z.infer<typeof snippetSchema>;

/** GET /api/snippets: the caller's snippets, newest first (by last change). */
export const snippetsReplySchema = z.object({ success: z.literal(true), snippets: z.array(snippetSummarySchema) });
export type SnippetsReply = z.infer<typeof snippetsReplySchema>;

/** POST /api/snippets (201), GET and PUT /api/snippets/:id. */
export const snippetReplySchema = z.object({ success: z.literal(true), snippet: snippetSchema });
export type SnippetReply = z.infer<typeof snippetReplySchema>;

/** GET /api/code/runtimes: whether C++ and Java can run on this server. */
export const codeRuntimesReplySchema = z.object({ success: z.literal(true), judge: z.boolean() });
export type CodeRuntimesReply = z.infer<typeof codeRuntimesReplySchema>;

export const runCodeBodySchema = z.object(
  {
    // A known language the browser runs is told so; an unknown one gets the language message.
    language: snippetLanguageSchema.pipe(z.enum(JUDGE_LANGUAGES, { error: CODE_RUN_BROWSER_LANGUAGE_MESSAGE })),
    source: snippetSourceSchema,
    stdin: snippetStdinSchema.default(''),
  },
  { error: 'Send the code as a JSON object' },
);
export type RunCodeBody = z.input<typeof runCodeBodySchema>;
export type RunCodeInput = z.output<typeof runCodeBodySchema>;

export const CODE_RUN_STATUSES = ['ok', 'compile_error', 'runtime_error', 'timeout'] as const;
export const codeRunStatusSchema = z.enum(CODE_RUN_STATUSES);
export type CodeRunStatus = z.infer<typeof codeRunStatusSchema>;

export const codeRunResultSchema = z.object({
  status: codeRunStatusSchema,
  stdout: z.string(),
  stderr: z.string(),
  compileOutput: z.string(),
  exitCode: z.number().int().nullable(),
  timeMs: z.number().nullable(),
});
export type CodeRunResult = z.infer<typeof codeRunResultSchema>;

/** POST /api/code/run. */
export const runCodeReplySchema = z.object({ success: z.literal(true), result: codeRunResultSchema });
export type RunCodeReply = z.infer<typeof runCodeReplySchema>;
