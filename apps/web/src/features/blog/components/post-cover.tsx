import { cn } from '@/components/ui/class-names';
import { placeholderHue } from '@/features/blog/blog-format';

/**
 * A post's cover picture, or a generated one: a gradient of the post's own colour with its first tag.
 * Both are decoration beside the title, so they carry no text alternative.
 */
export function PostCover({
  coverImage,
  slug,
  tag,
  className,
  eager = false,
}: {
  coverImage: string | null;
  slug: string;
  tag?: string;
  className?: string;
  /** The post page's own cover loads at once; list covers wait until they scroll near. */
  eager?: boolean;
}) {
  if (coverImage) {
    return (
      <img
        src={coverImage}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={cn('aspect-video w-full bg-muted object-cover', className)}
        data-testid="post-cover"
      />
    );
  }
  const hue = placeholderHue(slug);
  return (
    <div
      aria-hidden
      data-testid="post-cover-placeholder"
      className={cn('relative flex aspect-video w-full items-end overflow-hidden p-4', className)}
      // Lightness 0.45 and below keeps white text well above 4.5:1 on every hue.
      style={{
        backgroundImage: `radial-gradient(circle at 85% 15%, oklch(0.6 0.14 ${hue} / 0.55), transparent 55%), linear-gradient(135deg, oklch(0.45 0.15 ${hue}), oklch(0.32 0.12 ${(hue + 35) % 360}))`,
      }}
    >
      <span className="absolute top-1/2 right-5 -translate-y-1/2 font-mono text-6xl font-bold text-white/15 select-none sm:text-7xl">
        {'</>'}
      </span>
      {tag ? (
        <span className="rounded-full bg-black/25 px-2.5 py-0.5 font-mono text-xs font-semibold text-white">
          #{tag}
        </span>
      ) : null}
    </div>
  );
}
