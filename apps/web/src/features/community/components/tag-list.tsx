import { cn } from '@/components/ui/class-names';

/** A thread's tags as small plain chips (text only: tags are user words). */
export function TagList({ tags, className }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label="Tags">
      {tags.map((tag) => (
        <li
          key={tag}
          className="max-w-full truncate rounded-md bg-muted px-2 py-0.5 font-mono text-xs text-[var(--text)]"
        >
          #{tag}
        </li>
      ))}
    </ul>
  );
}
