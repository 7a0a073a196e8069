import { CheckCircle2, EyeOff, Lock, Pin } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

type Status = 'pinned' | 'answered' | 'locked' | 'hidden';

const BADGES = [
  { status: 'pinned', label: 'Pinned', tone: 'amber', icon: Pin },
  { status: 'answered', label: 'Answered', tone: 'green', icon: CheckCircle2 },
  { status: 'locked', label: 'Locked', tone: 'neutral', icon: Lock },
  { status: 'hidden', label: 'Hidden', tone: 'red', icon: EyeOff },
] as const;

/** Pinned, Answered, Locked (and Hidden, which only moderators ever see) as small labelled badges. */
export function ThreadBadges(flags: Record<Exclude<Status, 'hidden'>, boolean> & { hidden?: boolean }) {
  const shown = BADGES.filter((badge) => flags[badge.status]);
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label="Status">
      {shown.map((badge) => (
        <li key={badge.status}>
          <Badge tone={badge.tone} icon={badge.icon}>
            {badge.label}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
