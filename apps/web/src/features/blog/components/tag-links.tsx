import { Link } from 'react-router';
import { cn } from '@/components/ui/class-names';
import { tagHref } from '@/features/blog/blog-format';

/** A post's tags, each a link to the list filtered by it. */
export function TagLinks({
  tags,
  className,
  label = 'Tags',
}: {
  tags: readonly string[];
  className?: string;
  label?: string;
}) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className={cn('flex flex-wrap gap-1.5', className)}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={tagHref(tag)}
            className="relative z-10 inline-flex min-h-6 items-center rounded-full bg-brand-50 px-2.5 text-xs font-medium text-brand-700 hover:bg-brand-100 dark:bg-brand-900/60 dark:text-brand-100 dark:hover:bg-brand-900"
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
