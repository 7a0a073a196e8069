import { z } from 'zod';
import {
  BLOG_BODY_MAX,
  BLOG_EXCERPT_MAX,
  BLOG_SEARCH_MAX,
  BLOG_TAG_MAX,
  BLOG_TAGS_MAX,
  BLOG_TITLE_MAX,
  BLOG_TITLE_MIN,
} from '../blog';
import { pageSchema, titleSlug, trimmedText } from './common';

// The blog (issue: blog and community). Paths and reply fields of the list and post are fixed by the issue.

export const BLOG_STATUSES = ['draft', 'scheduled', 'published'] as const;
export const blogStatusSchema = z.enum(BLOG_STATUSES, { error: 'Status must be draft, scheduled or published' });
export type BlogStatus = z.infer<typeof blogStatusSchema>;

export * from '../blog';

/** A slug from a title: lowercase letters, digits and single dashes. */
export function slugify(title: string): string {
  return titleSlug(title) || 'post';
}

export const blogQuerySchema = z.object({
  tag: trimmedText('Tag', BLOG_TAG_MAX)
    .toLowerCase()
    .optional()
    .transform((value) => value || undefined),
  q: trimmedText('Search text', BLOG_SEARCH_MAX)
    .optional()
    .transform((value) => value || undefined),
  page: pageSchema,
  /** Authors and admins: their own drafts and scheduled posts too. */
  mine: z.enum(['1', 'true'], { error: 'mine must be 1' }).optional(),
});
export type BlogQuery = z.input<typeof blogQuerySchema>;

export const blogAuthorSchema = z.object({ id: z.string(), name: z.string() });

/** A post in a list: exactly the fields, plus status for the author's own view. */
export const blogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  coverImage: z.string().nullable(),
  tags: z.array(z.string()),
  author: blogAuthorSchema,
  publishedAt: z.string().nullable(),
  readingMinutes: z.number().int(),
  status: blogStatusSchema,
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogListReplySchema = z.object({
  success: z.literal(true),
  posts: z.array(blogPostSummarySchema),
  total: z.number().int(),
});
export type BlogListReply = z.infer<typeof blogListReplySchema>;

export const blogPostSchema = blogPostSummarySchema.extend({
  id: z.string(),
  body: z.string(),
  coverMediaId: z.string().nullable(),
  publishAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  related: z.array(blogPostSummarySchema),
  canEdit: z.boolean(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogPostReplySchema = z.object({ success: z.literal(true), post: blogPostSchema });
export type BlogPostReply = z.infer<typeof blogPostReplySchema>;

export const blogSlugParamsSchema = z.object({
  slug: z.string().trim().min(1, 'Slug is required').max(200, 'Slug is too long'),
});

/** The fields of a post as an author writes them, without defaults (an update changes only what it sends). */
const blogPostFields = {
  title: trimmedText('Title', BLOG_TITLE_MAX).min(
    BLOG_TITLE_MIN,
    `Title must be at least ${BLOG_TITLE_MIN} characters`,
  ),
  excerpt: trimmedText('Excerpt', BLOG_EXCERPT_MAX),
  body: z.string({ error: 'Body must be text' }).max(BLOG_BODY_MAX, `Body must be at most ${BLOG_BODY_MAX} characters`),
  tags: z
    .array(trimmedText('Tag', BLOG_TAG_MAX).toLowerCase().min(1, 'Tags cannot be empty'), {
      error: 'Tags must be a list',
    })
    .max(BLOG_TAGS_MAX, `Add at most ${BLOG_TAGS_MAX} tags`),
  coverMediaId: z.uuid({ error: 'Must be a valid id' }).nullable().optional(),
  /** Optional custom slug; made from the title when missing. */
  slug: trimmedText('Slug', 80)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slugs use lowercase letters, digits and dashes')
    .optional(),
  status: blogStatusSchema,
  /** Required for status 'scheduled': an ISO date-time in the future. */
  publishAt: z.iso.datetime({ offset: true, error: 'publishAt must be an ISO date-time' }).nullable().optional(),
};

export const createBlogPostBodySchema = z.object({
  ...blogPostFields,
  excerpt: blogPostFields.excerpt.default(''),
  body: blogPostFields.body.default(''),
  tags: blogPostFields.tags.default([]),
  status: blogPostFields.status.default('draft'),
});
export type CreateBlogPostBody = z.input<typeof createBlogPostBodySchema>;
/** Only the fields sent change (no defaults: a missing status is not 'draft'). */
export const updateBlogPostBodySchema = z.object(blogPostFields).partial();
export type UpdateBlogPostBody = z.input<typeof updateBlogPostBodySchema>;

export const blogTagCountSchema = z.object({ tag: z.string(), count: z.number().int() });
export const blogTagsReplySchema = z.object({ success: z.literal(true), tags: z.array(blogTagCountSchema) });
export type BlogTagsReply = z.infer<typeof blogTagsReplySchema>;
