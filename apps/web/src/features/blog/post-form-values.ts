import {
  type BlogPost,
  type BlogStatus,
  type CreateBlogPostBody,
  createBlogPostBodySchema,
} from '@learnbuild/domain/schemas/blog';

/** The editor's fields as the form holds them (the publish time as a local `datetime-local` value). */
export interface PostFormValues {
  title: string;
  slug: string;
  excerpt: string;
  tags: string[];
  coverMediaId: string | null;
  body: string;
  status: BlogStatus;
  publishAt: string;
}

export const POST_FIELDS = ['title', 'slug', 'excerpt', 'tags', 'coverMediaId', 'body', 'status', 'publishAt'] as const;
export type PostField = (typeof POST_FIELDS)[number];

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a `datetime-local` value in the author's time zone ("2026-11-25T09:00"). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the author's local time) as an ISO time, or null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Tomorrow at 09:00 local time: the suggested time when an author first picks "Scheduled". */
export function suggestedPublishTime(now = new Date()): string {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  return toLocalInput(tomorrow.toISOString());
}

/**
 * The form's values for a saved post, or a blank one. A scheduled post whose time has come is
 * published already, and is edited as one.
 */
export function postFormValues(post?: BlogPost, now = Date.now()): PostFormValues {
  const live = post?.status === 'scheduled' && post.publishedAt !== null && Date.parse(post.publishedAt) <= now;
  const status = live ? 'published' : (post?.status ?? 'draft');
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    tags: post?.tags ?? [],
    coverMediaId: post?.coverMediaId ?? null,
    body: post?.body ?? '',
    status,
    publishAt: status === 'scheduled' ? toLocalInput(post?.publishAt ?? post?.publishedAt) : '',
  };
}

/** What is sent to the server: an empty slug means "make one from the title", a time only when scheduled. */
export function postBody(values: PostFormValues): CreateBlogPostBody {
  return {
    title: values.title,
    excerpt: values.excerpt,
    body: values.body,
    tags: values.tags,
    coverMediaId: values.coverMediaId,
    ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
    status: values.status,
    publishAt: values.status === 'scheduled' ? fromLocalInput(values.publishAt) : null,
  };
}

/**
 * The form's problems by field, checked with the server's own schema, plus the schedule rule: a
 * scheduled post needs a time, in the future.
 */
export function postFormProblems(values: PostFormValues, now = Date.now()): Partial<Record<PostField, string>> {
  const problems: Partial<Record<PostField, string>> = {};
  const parsed = createBlogPostBodySchema.safeParse(postBody(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as PostField;
      if ((POST_FIELDS as readonly string[]).includes(field)) problems[field] ??= issue.message;
    }
  }
  if (values.status === 'scheduled') {
    const at = fromLocalInput(values.publishAt);
    if (!at) problems.publishAt = 'Choose when to publish the post';
    else if (Date.parse(at) <= now) problems.publishAt = 'Choose a time in the future';
  }
  return problems;
}
