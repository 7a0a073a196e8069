import type { EarnedBadge } from '@learnbuild/domain/schemas/badges';
import {
  Award,
  BadgeCheck,
  BookOpenCheck,
  Flame,
  Footprints,
  GraduationCap,
  type LucideIcon,
  Medal,
  MessageSquareHeart,
  Trophy,
} from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMyBadges } from '@/features/dashboard/api/get-badges';
import { formatDate } from '@/lib/dates';
import { Panel } from './panel';

/** The icons badges name (packages/domain/src/badges.ts); one no longer known shows the award. */
const ICONS: Record<string, LucideIcon> = {
  BadgeCheck,
  BookOpenCheck,
  Flame,
  Footprints,
  GraduationCap,
  Medal,
  MessageSquareHeart,
  Trophy,
};

export function BadgeList({ badges }: { badges: EarnedBadge[] }) {
  return (
    <ul className="flex flex-col gap-3" data-testid="badge-list">
      {badges.map((badge) => {
        const Icon = ICONS[badge.icon] ?? Award;
        return (
          <li key={badge.id} className="flex items-start gap-3" data-testid="badge">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium">{badge.name}</p>
              <p className="break-words text-xs text-muted">{badge.description}</p>
              <p className="text-xs text-muted">
                Earned <time dateTime={badge.awardedAt}>{formatDate(badge.awardedAt)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The learner's badges, newest first (issue 29), with a way to earn the first. */
export function BadgesPanel({ userId }: { userId: string }) {
  const query = useMyBadges(userId);
  const badges = query.data ?? (query.isError ? [] : undefined);
  return (
    <div id="badges" className="scroll-mt-20">
      <Panel title="Badges" testId="badges-panel">
        {badges === undefined ? (
          <Skeleton className="h-24" />
        ) : badges.length === 0 ? (
          <div className="flex flex-col items-start gap-3 text-sm" data-testid="badges-empty">
            <p className="flex items-start gap-2 text-muted">
              <Award className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> No badges yet: solve your first problem on
              LearnBuild and have the judge accept it to earn one.
            </p>
            <Link to="/dsa-sheet" className={buttonClasses('secondary', 'sm')}>
              Open the DSA Sheet
            </Link>
          </div>
        ) : (
          <BadgeList badges={badges} />
        )}
      </Panel>
    </div>
  );
}
