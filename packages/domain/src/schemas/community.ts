import { z } from 'zod';
import { REVISION_SCHEDULES } from '../rules/revision';
import { pageSchema, trimmedText } from './common';

// The community (issue: blog and community). Paths and reply fields of the thread list are fixed by the issue.

/** Seeded in this order. */
export const COMMUNITY_CATEGORIES = [
  { slug: 'general', name: 'General', description: 'Anything about learning and building software.' },
  { slug: 'dsa-help', name: 'DSA Help', description: 'Stuck on a problem from the sheet? Ask here.' },
  { slug: 'core-subjects', name: 'Core Subjects', description: 'DBMS, operating systems, networks and OOP.' },
  { slug: 'courses', name: 'Courses', description: 'Questions and discussion about LearnBuild courses.' },
  { slug: 'careers', name: 'Careers', description: 'Interviews, resumes, internships and jobs.' },
  { slug: 'show-and-tell', name: 'Show and Tell', description: 'Share what you built and get feedback.' },
] as const;
export const COMMUNITY_CATEGORY_SLUGS = COMMUNITY_CATEGORIES.map((category) => category.slug) as [string, ...string[]];
export const communityCategorySchema = z.enum(COMMUNITY_CATEGORY_SLUGS, { error: 'Choose one of the categories' });

export const THREAD_SORTS = ['latest', 'top', 'unanswered'] as const;
export const threadSortSchema = z.enum(THREAD_SORTS, { error: 'Sort must be latest, top or unanswered' });

export const THREADS_PAGE_SIZE = 20;
export const REPLIES_PAGE_SIZE = 50;
export const THREAD_TITLE_MIN = 8;
export const THREAD_TITLE_MAX = 150;
/** Long bodies are capped. */
export const POST_BODY_MAX = 20_000;
export const THREAD_TAGS_MAX = 5;
export const THREAD_TAG_MAX = 30;
export const REPORT_REASON_MAX = 500;
export const COMMUNITY_SEARCH_MAX = 100;

/** New accounts (younger than NEW_ACCOUNT_DAYS) are limited per hour. */
export const NEW_ACCOUNT_DAYS = 7;
export const NEW_ACCOUNT_THREADS_PER_HOUR = 5;
export const NEW_ACCOUNT_REPLIES_PER_HOUR = 30;

export const threadsQuerySchema = z.object({
  category: communityCategorySchema.optional(),
  q: trimmedText('Search text', COMMUNITY_SEARCH_MAX)
    .optional()
    .transform((value) => value || undefined),
  sort: threadSortSchema.default('latest'),
  page: pageSchema,
});
export type ThreadsQuery = z.input<typeof threadsQuerySchema>;

export const communityAuthorSchema = z.object({ id: z.string(), name: z.string() });

/** A thread in a list: exactly the fields, plus what the list shows. */
export const threadSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  author: communityAuthorSchema,
  replyCount: z.number().int(),
  votes: z.number().int(),
  answered: z.boolean(),
  lastActivityAt: z.string(),
  tags: z.array(z.string()),
  pinned: z.boolean(),
  locked: z.boolean(),
  createdAt: z.string(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadsReplySchema = z.object({
  success: z.literal(true),
  threads: z.array(threadSummarySchema),
  total: z.number().int(),
});
export type ThreadsReply = z.infer<typeof threadsReplySchema>;

export const communityReplySchema = z.object({
  id: z.string(),
  body: z.string(),
  author: communityAuthorSchema,
  votes: z.number().int(),
  voted: z.boolean(),
  accepted: z.boolean(),
  hidden: z.boolean(),
  /** Its author says it gives a solution away: shown folded until the reader opens it. */
  containsSolution: z.boolean(),
  editedAt: z.string().nullable(),
  createdAt: z.string(),
  canEdit: z.boolean(),
});
export type CommunityReply = z.infer<typeof communityReplySchema>;

export const threadDetailSchema = threadSummarySchema.extend({
  body: z.string(),
  hidden: z.boolean(),
  /** The opening post gives a solution away: shown folded until the reader opens it. */
  containsSolution: z.boolean(),
  /** Set when this is a problem's discussion (its "Discussion" tab at /problems/{slug}). */
  problem: z.object({ slug: z.string(), title: z.string() }).nullable(),
  editedAt: z.string().nullable(),
  voted: z.boolean(),
  acceptedReplyId: z.string().nullable(),
  /** The accepted answer first, then the rest oldest first. */
  replies: z.array(communityReplySchema),
  /** Replies this viewer can see in all (pages of REPLIES_PAGE_SIZE, `?page=`); hidden ones count for moderators only. */
  repliesTotal: z.number().int(),
  viewer: z.object({ canEdit: z.boolean(), canModerate: z.boolean(), canAccept: z.boolean() }),
});
export type ThreadDetail = z.infer<typeof threadDetailSchema>;
export const threadReplySchema = z.object({ success: z.literal(true), thread: threadDetailSchema });

export const threadIdParamsSchema = z.object({
  id: z.string().trim().min(1).max(100),
});
export const replyIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

const bodySchema = trimmedText('Body', POST_BODY_MAX).min(1, 'Write something first');
const containsSolutionSchema = z.boolean({ error: 'containsSolution must be true or false' });

const threadTitleSchema = trimmedText('Title', THREAD_TITLE_MAX).min(
  THREAD_TITLE_MIN,
  `Title must be at least ${THREAD_TITLE_MIN} characters`,
);
const threadTagsSchema = z
  .array(trimmedText('Tag', THREAD_TAG_MAX).toLowerCase().min(1, 'Tags cannot be empty'), {
    error: 'Tags must be a list',
  })
  .max(THREAD_TAGS_MAX, `Add at most ${THREAD_TAGS_MAX} tags`);

export const createThreadBodySchema = z.object({
  title: threadTitleSchema,
  body: bodySchema,
  category: communityCategorySchema.default('general'),
  tags: threadTagsSchema.default([]),
  containsSolution: containsSolutionSchema.default(false),
});
export type CreateThreadBody = z.input<typeof createThreadBodySchema>;
/** Without defaults: a field left out of an edit keeps its value (a partial of the create schema would reset them). */
export const updateThreadBodySchema = z.object({
  title: threadTitleSchema.optional(),
  body: bodySchema.optional(),
  category: communityCategorySchema.optional(),
  tags: threadTagsSchema.optional(),
  containsSolution: containsSolutionSchema.optional(),
});
export type UpdateThreadBody = z.input<typeof updateThreadBodySchema>;

/** A new reply, or an edit (where a left-out `containsSolution` keeps its value). */
export const createReplyBodySchema = z.object({
  body: bodySchema,
  containsSolution: containsSolutionSchema.optional(),
});
export type CreateReplyBody = z.input<typeof createReplyBodySchema>;

// A problem's discussion (issue 28): one community thread per DSA problem, made by its first post.

/** Where a problem's discussion thread is listed in the community. */
export const PROBLEM_DISCUSSION_CATEGORY = 'dsa-help';
export const problemDiscussionTitle = (problemTitle: string) => `Discussion: ${problemTitle}`;
export const DISCUSSION_HIDDEN_MESSAGE = 'This discussion is closed by a moderator';
export const DISCUSSION_HAS_REPLIES_MESSAGE =
  'This discussion has replies from others: edit your post instead, or ask a moderator to remove it';

export const problemSlugParamsSchema = z.object({ slug: z.string().trim().min(1).max(200) });
export const problemDiscussionReplySchema = z.object({
  success: z.literal(true),
  discussion: z.object({
    problem: z.object({ slug: z.string(), title: z.string() }),
    /** null until the first post (or while a moderator has the thread hidden, for everyone else). */
    threadId: z.string().nullable(),
  }),
});
export type ProblemDiscussionReply = z.infer<typeof problemDiscussionReplySchema>;
export const problemDiscussionPostBodySchema = z.object({
  body: bodySchema,
  containsSolution: containsSolutionSchema.default(false),
});
export type ProblemDiscussionPostBody = z.input<typeof problemDiscussionPostBodySchema>;
/** The first post opens the thread (`replyId` null); every later one is a reply in it. */
export const problemDiscussionPostedSchema = z.object({
  success: z.literal(true),
  threadId: z.string(),
  replyId: z.string().nullable(),
});
export type ProblemDiscussionPosted = z.infer<typeof problemDiscussionPostedSchema>;

export const reportBodySchema = z.object({
  reason: trimmedText('Reason', REPORT_REASON_MAX).min(3, 'Say briefly what is wrong'),
});

export const moderationBodySchema = z.object({
  hidden: z.boolean().optional(),
  locked: z.boolean().optional(),
  pinned: z.boolean().optional(),
});

export const reportSchema = z.object({
  id: z.string(),
  reason: z.string(),
  status: z.enum(['open', 'resolved', 'dismissed']),
  reporter: communityAuthorSchema,
  target: z.object({
    kind: z.enum(['thread', 'reply']),
    id: z.string(),
    threadId: z.string(),
    threadTitle: z.string(),
    excerpt: z.string(),
    author: communityAuthorSchema,
    hidden: z.boolean(),
  }),
  createdAt: z.string(),
});
export const reportsReplySchema = z.object({
  success: z.literal(true),
  reports: z.array(reportSchema),
  total: z.number().int(),
});
export type ReportsReply = z.infer<typeof reportsReplySchema>;

export const preferencesSchema = z.object({
  notifyOnReply: z.boolean(),
  /** Issue 29: revision after a solve, 'adaptive' (FSRS, graded recall; the default) or 'simple' (1-3-7-14-30 days). */
  revisionSchedule: z.enum(REVISION_SCHEDULES, { error: 'Revision schedule must be adaptive or simple' }),
});
export const preferencesReplySchema = z.object({ success: z.literal(true), preferences: preferencesSchema });
export const updatePreferencesBodySchema = preferencesSchema.partial();
export type Preferences = z.infer<typeof preferencesSchema>;
export type PreferencesReply = z.infer<typeof preferencesReplySchema>;
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBodySchema>;

// Added by the community API (issue 12).

export const categoriesReplySchema = z.object({
  success: z.literal(true),
  categories: z.array(
    z.object({ slug: z.string(), name: z.string(), description: z.string(), threadCount: z.number().int() }),
  ),
});
export type CategoriesReply = z.infer<typeof categoriesReplySchema>;

/** The thread page pages its replies REPLIES_PAGE_SIZE at a time (the accepted answer first on page 1). */
export const threadQuerySchema = z.object({ page: pageSchema });

export const replyCreatedSchema = z.object({ success: z.literal(true), reply: communityReplySchema });
export type ReplyCreated = z.infer<typeof replyCreatedSchema>;

/** Votes are one per user per post and never on one's own post; both calls are idempotent. */
export const voteReplySchema = z.object({ success: z.literal(true), votes: z.number().int(), voted: z.boolean() });
export type VoteReply = z.infer<typeof voteReplySchema>;

export const acceptAnswerBodySchema = z.object({ replyId: z.string().trim().min(1, 'Choose a reply').max(100) });

export const replyModerationBodySchema = z.object({ hidden: z.boolean({ error: 'hidden must be true or false' }) });

export const reportIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export const REPORTS_PAGE_SIZE = 20;
export const reportsQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: 'Status must be open, resolved or dismissed' }).default('open'),
  page: pageSchema,
});
/** hide: the reported post is hidden; dismiss: it stays. Either closes every open report on that post. */
export const resolveReportBodySchema = z.object({
  action: z.enum(['hide', 'dismiss'], { error: 'Action must be hide or dismiss' }),
});
export const resolveReportReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many open reports on the same post this closed (the one named included). */
  closed: z.number().int(),
});
