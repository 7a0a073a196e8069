import type { BlogPostSummary } from '@learnbuild/domain/schemas/blog';
import { PostCard } from './post-card';

/** Up to three published posts sharing a tag with this one. */
export function RelatedPosts({ posts }: { posts: readonly BlogPostSummary[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="border-t border-default pt-10" data-testid="related-posts">
      <h2 id="related-heading" className="mb-6 text-2xl font-bold tracking-tight">
        Related posts
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.slug}>
            <PostCard post={post} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
