import { z } from 'zod';

// One search over the platform (issue 31): GET /api/search?q=&kinds=.

/** What the search can find, in the order the palette lists its groups. `user` is for admins only. */
export const SEARCH_KINDS = ['problem', 'lesson', 'course', 'post', 'thread', 'user'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The palette's heading of each group. */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  problem: 'Problems',
  lesson: 'Core subject lessons',
  course: 'Courses',
  post: 'Blog posts',
  thread: 'Community threads',
  user: 'Users',
};

export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 100;
/** At most this many results of each kind. */
export const SEARCH_RESULTS_PER_KIND = 5;

const kindsSchema = z.string({ error: 'Kinds must be text' }).transform((value, context) => {
  const kinds = [...new Set(value.split(',').map((kind) => kind.trim()))].filter((kind) => kind !== '');
  if (kinds.length === 0) {
    context.addIssue({ code: 'custom', message: `Kinds must name at least one of ${SEARCH_KINDS.join(', ')}` });
    return z.NEVER;
  }
  const unknown = kinds.filter((kind) => !(SEARCH_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `Unknown kind "${unknown[0]}": kinds is a comma list of ${SEARCH_KINDS.join(', ')}`,
    });
    return z.NEVER;
  }
  return kinds as SearchKind[];
});

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Search text is required' })
    .trim()
    .min(SEARCH_QUERY_MIN, `Search text must be at least ${SEARCH_QUERY_MIN} characters`)
    .max(SEARCH_QUERY_MAX, `Search text must be at most ${SEARCH_QUERY_MAX} characters`),
  /** Every kind the asker may see when absent. */
  kinds: kindsSchema.optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  /** Where the result opens in the web app (a path of the route table, with its query). */
  url: z.string(),
  /** Plain text from around the match, or a short line about the result; never from what the asker may not read. */
  snippet: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchReplySchema = z.object({ success: z.literal(true), results: z.array(searchResultSchema) });
export type SearchReply = z.infer<typeof searchReplySchema>;
