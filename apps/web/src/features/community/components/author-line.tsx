import { Avatar } from '@/components/ui/avatar';
import { exactTime } from '@/features/community/relative-time';
import { TimeAgo } from './time-ago';

/** "Sam Student · asked 3 hours ago · edited 2 hours ago", with the avatar's initial. */
export function AuthorLine({
  name,
  verb,
  createdAt,
  editedAt,
  nameAs: NameTag = 'span',
}: {
  name: string;
  verb: string;
  createdAt: string;
  editedAt: string | null;
  /** A reply's author is its heading. */
  nameAs?: 'span' | 'h3';
}) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={name} className="h-8 w-8" />
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
        <NameTag className="font-semibold break-words">{name}</NameTag>
        <span className="text-muted">
          {verb} <TimeAgo iso={createdAt} />
        </span>
        {editedAt ? (
          <span className="text-xs text-muted italic" title={`Edited ${exactTime(editedAt)}`}>
            · edited <TimeAgo iso={editedAt} />
          </span>
        ) : null}
      </div>
    </div>
  );
}
