import { createReplyCache } from '../../lib/reply-cache';

/**
 * Public course replies (the catalogue, and a course as an anonymous visitor sees it) as ready JSON bytes,
 * since every visitor asks the same few questions. Fresh for PUBLIC_COURSE_CACHE_FRESH_MS and served for as
 * long again while one request reloads it, so a counter moved by an enrolment (or a change made while Redis is
 * unreachable) shows within 2 × PUBLIC_COURSE_CACHE_FRESH_MS; every course write drops them all on every instance.
 */
export const PUBLIC_COURSE_CACHE_FRESH_MS = 2_000;

export const publicCourseReplies = createReplyCache<Buffer>({
  freshMs: PUBLIC_COURSE_CACHE_FRESH_MS,
  staleUntilMs: 2 * PUBLIC_COURSE_CACHE_FRESH_MS,
  shareAs: 'courses.public',
});
