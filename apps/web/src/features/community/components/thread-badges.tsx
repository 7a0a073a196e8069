import { CheckCircle2, EyeOff, Lock, Pin } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';

/** Pinned, Answered, Locked (and Hidden, which only moderators ever see) as small labelled badges. */
export function ThreadBadges({
  pinned,
  answered,
  locked,
  hidden = false,
}: {
  pinned: boolean;
  answered: boolean;
  locked: boolean;
  hidden?: boolean;
}) {
  if (!pinned && !answered && !locked && !hidden) return null;
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label="Status">
      {pinned ? (
        <li>
          <Badge tone="amber" className="gap-1">
            <Pin className="h-3 w-3" aria-hidden /> Pinned
          </Badge>
        </li>
      ) : null}
      {answered ? (
        <li>
          <Badge tone="green" className="gap-1">
            <CheckCircle2 className="h-3 w-3" aria-hidden /> Answered
          </Badge>
        </li>
      ) : null}
      {locked ? (
        <li>
          <Badge tone="neutral" className="gap-1">
            <Lock className="h-3 w-3" aria-hidden /> Locked
          </Badge>
        </li>
      ) : null}
      {hidden ? (
        <li>
          <Badge tone="red" className="gap-1">
            <EyeOff className="h-3 w-3" aria-hidden /> Hidden
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
