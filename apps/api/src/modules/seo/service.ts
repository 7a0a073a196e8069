import { profileDescription, profileShareTitle } from '@learnbuild/domain/rules/profile-summary';
import type { Practice } from '@learnbuild/domain/schemas/judge';
import type { PublicProfile } from '@learnbuild/domain/schemas/profiles';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { blogReplies } from '../blog/public-cache';
import { mediaUrl } from '../media/service';
import { firstSentence, plainDescription } from './escape';
import { FEED_DESCRIPTION, FEED_SIZE, FEED_TITLE, publicPagePaths, rssFeed, sitemap } from './feeds';
import type { PageMeta } from './page-head';
import * as queries from './queries';

/** A sitemap file holds at most 50,000 addresses; these leave room for the pages. */
const SITEMAP_POSTS_MAX = 40_000;
const SITEMAP_COURSES_MAX = 9_000;
const DESCRIPTION_MAX = 200;

export const HOME_DESCRIPTION =
  'LearnBuild: learn, build, earn. Courses, a DSA practice sheet and core CS subjects for developers.';

const feedLink = (baseUrl: string) => ({ title: FEED_TITLE, url: `${baseUrl}/blog/rss.xml` });

/** The feed as cached text; a blog write drops it with the rest of the blog's replies. */
export function rssXml(db: Db, baseUrl: string): Promise<string> {
  return blogReplies.get(db, 'rss.xml', async () => {
    const posts = await queries.findFeedPosts(db, FEED_SIZE);
    return rssFeed(
      baseUrl,
      posts.map((post) => ({ ...post, publishedAt: post.publishedAt ?? post.publishAt ?? post.updatedAt })),
    );
  });
}

export function sitemapXml(db: Db, baseUrl: string): Promise<string> {
  return blogReplies.get(db, 'sitemap.xml', async () => {
    const [posts, courses, problems] = await Promise.all([
      queries.findSitemapPosts(db, SITEMAP_POSTS_MAX),
      queries.findSitemapCourses(db, SITEMAP_COURSES_MAX),
      queries.findSitemapProblems(db),
    ]);
    return sitemap(baseUrl, [
      ...publicPagePaths().map((path) => ({ path })),
      ...posts.map((post) => ({ path: `/blog/${encodeURIComponent(post.slug)}`, lastModified: post.updatedAt })),
      ...courses.map((course) => ({
        path: `/courses/${encodeURIComponent(course.slug)}`,
        lastModified: course.updatedAt,
      })),
      ...problems.map((problem) => ({
        path: `/problems/${encodeURIComponent(problem.slug)}`,
        lastModified: problem.updatedAt,
      })),
    ]);
  });
}

export function homeMeta(config: Config): PageMeta {
  return {
    title: 'LearnBuild',
    description: HOME_DESCRIPTION,
    url: `${config.publicUrl}/`,
    type: 'website',
    feed: feedLink(config.publicUrl),
  };
}

export function blogIndexMeta(config: Config): PageMeta {
  return {
    title: 'Blog · LearnBuild',
    shareTitle: FEED_TITLE,
    description: FEED_DESCRIPTION,
    url: `${config.publicUrl}/blog`,
    type: 'website',
    feed: feedLink(config.publicUrl),
  };
}

export type PostPage = { kind: 'post'; meta: PageMeta } | { kind: 'moved'; slug: string } | { kind: 'missing' };

/** A post page: its meta when readers can see it, where it moved when `slug` is an old address, else missing. */
export async function postPage(db: Db, config: Config, slug: string): Promise<PostPage> {
  const post = await queries.findPostHead(db, slug);
  if (!post) {
    const moved = await queries.findMovedPostSlug(db, slug);
    return moved ? { kind: 'moved', slug: moved } : { kind: 'missing' };
  }
  const base = config.publicUrl;
  const published = post.publishedAt ?? post.publishAt;
  return {
    kind: 'post',
    meta: {
      title: `${post.title} · LearnBuild`,
      shareTitle: post.title,
      // The excerpt is the author's own plain summary; only the markdown body needs reducing to text.
      description: post.excerpt || plainDescription(post.bodyStart, DESCRIPTION_MAX),
      url: `${base}/blog/${encodeURIComponent(post.slug)}`,
      type: 'article',
      image: post.coverMediaId ? `${base}${mediaUrl(post.coverMediaId)}` : undefined,
      article: {
        publishedTime: published?.toISOString(),
        modifiedTime: post.updatedAt.toISOString(),
        author: post.authorName,
        tags: post.tags,
      },
      feed: feedLink(base),
    },
  };
}

/** A published course's meta (by uuid or slug; the canonical address uses the slug), or undefined. */
export async function coursePageMeta(db: Db, config: Config, idOrSlug: string): Promise<PageMeta | undefined> {
  const course = await queries.findCourseHead(db, idOrSlug);
  if (!course) return undefined;
  const base = config.publicUrl;
  return {
    title: `${course.title} · LearnBuild`,
    shareTitle: course.title,
    description: course.subtitle || plainDescription(course.descriptionStart, DESCRIPTION_MAX),
    url: `${base}/courses/${encodeURIComponent(course.slug)}`,
    type: 'website',
    image: course.thumbnailMediaId ? `${base}${mediaUrl(course.thumbnailMediaId)}` : undefined,
  };
}

/** A judged problem's page (issue 27): its title, and its statement's first sentence as the description. */
export function problemPageMeta(config: Config, practice: Pick<Practice, 'slug' | 'title' | 'statement'>): PageMeta {
  return {
    title: `${practice.title} · LearnBuild`,
    shareTitle: practice.title,
    description: firstSentence(practice.statement, DESCRIPTION_MAX),
    url: `${config.publicUrl}/problems/${encodeURIComponent(practice.slug)}`,
    type: 'website',
  };
}

/** A public profile's page (issue 29): "<name> on LearnBuild", summed up from the parts it shows. */
export function profilePageMeta(config: Config, profile: PublicProfile): PageMeta {
  const handle = encodeURIComponent(profile.handle);
  return {
    title: `${profile.name} (@${profile.handle}) · LearnBuild`,
    shareTitle: profileShareTitle(profile),
    description: profileDescription(profile),
    url: `${config.publicUrl}/u/${handle}`,
    type: 'website',
    image: `${config.publicUrl}/api/profiles/${handle}/card.png`,
  };
}

/** The same page for an unknown handle and a profile that is off: nothing tells them apart. */
export function profileNotFoundMeta(config: Config, handle: string): PageMeta {
  return {
    title: 'Profile not found · LearnBuild',
    description: 'No public profile lives at this address.',
    url: `${config.publicUrl}/u/${encodeURIComponent(handle)}`,
    type: 'website',
  };
}
