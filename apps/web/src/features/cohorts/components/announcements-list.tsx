import type { Announcement } from '@learnbuild/domain/schemas/cohorts';
import { Megaphone, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { MarkdownText } from '@/components/ui/markdown-text';
import { formatDate, useDateReader } from '@/lib/dates';

/** A course's announcements, newest first; with `onDelete` (the owner and admins) each can be deleted. */
export function AnnouncementsList({
  announcements,
  onDelete,
  headingLevel = 3,
}: {
  announcements: Announcement[];
  onDelete?: (announcement: Announcement) => void;
  headingLevel?: 2 | 3;
}) {
  const reader = useDateReader();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (announcements.length === 0) {
    return <p className="text-sm text-muted">No announcements yet.</p>;
  }
  return (
    <ol className="flex flex-col gap-3" data-testid="announcements">
      {announcements.map((announcement) => (
        <li key={announcement.id}>
          <article
            className="rounded-2xl border border-default p-4"
            aria-labelledby={`announcement-${announcement.id}`}
          >
            <header className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <Heading
                  id={`announcement-${announcement.id}`}
                  className="flex items-center gap-2 font-semibold break-words"
                >
                  <Megaphone className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
                  {announcement.title}
                </Heading>
                <p className="text-xs text-muted">
                  {announcement.authorName ? `${announcement.authorName} · ` : ''}
                  <time dateTime={announcement.createdAt}>
                    {formatDate(announcement.createdAt, 'dateTime', reader)}
                  </time>
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={announcement.cohort ? 'brand' : 'neutral'}>
                  {announcement.cohort ? announcement.cohort.title : 'Whole course'}
                </Badge>
                {onDelete ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete the announcement ${announcement.title}`}
                    onClick={() => onDelete(announcement)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                ) : null}
              </div>
            </header>
            <MarkdownText className="mt-2 text-sm">{announcement.body}</MarkdownText>
          </article>
        </li>
      ))}
    </ol>
  );
}
