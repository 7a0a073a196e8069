import type { EarnedBadge } from '@learnbuild/domain/schemas/badges';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useMemo } from 'react';
import { getMyBadges } from '@/features/dashboard/api/get-badges';
import { dashboardKeys } from '@/features/dashboard/api/keys';
import { dsaKeys } from '@/features/dsa/api/keys';
import type { PracticeHost, PracticeRunner } from '@/features/practice/practice-host';
import { ProblemPage } from '@/features/practice/routes/problem-page';
import { announceBadges } from '@/lib/badge-announcements';
import { useSession } from '@/lib/session';

// The code editor's CodeMirror and its browser runner, each fetched on demand: the page's first screen (the
// statement) loads neither.
const Editor = lazy(async () => ({
  default: (await import('@/features/code-editor/editor/code-mirror-editor')).CodeMirrorEditor,
}));

async function createRunner(): Promise<PracticeRunner> {
  const { BrowserRunner } = await import('@/features/code-editor/run/browser-runner');
  return new BrowserRunner();
}

/** Tells the badges the learner has now and had not in `before` (the judge's Accepted, issue 29). */
async function announceEarnedSince(queryClient: QueryClient, key: readonly unknown[], before: EarnedBadge[]) {
  try {
    const after = await queryClient.fetchQuery({ queryKey: key, queryFn: getMyBadges, staleTime: 0 });
    const had = new Set(before.map((badge) => badge.id));
    announceBadges(after.filter((badge) => !had.has(badge.id)).map(({ id, name }) => ({ id, name })));
  } catch {
    // The badges show on the dashboard anyway.
  }
}

/**
 * /problems/:problemSlug composes the practice page with what other features own (features never import each
 * other): the code editor's editor and runner, and the DSA sheet's and dashboard's data, stale once a submission
 * is Accepted (the server marked the problem solved).
 */
export function ProblemScreen() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  // The learner's badges before they submit: an Accepted verdict that earns one is told by the difference.
  const badgesKey = useMemo(() => dashboardKeys.badges(userId ?? ''), [userId]);
  useQuery({
    queryKey: badgesKey,
    queryFn: getMyBadges,
    enabled: userId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const host = useMemo<PracticeHost>(
    () => ({
      Editor,
      createRunner,
      onAccepted: () => {
        const before = queryClient.getQueryData<EarnedBadge[]>(badgesKey);
        void queryClient.invalidateQueries({ queryKey: dsaKeys.all });
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
        if (before) void announceEarnedSince(queryClient, badgesKey, before);
      },
    }),
    [queryClient, badgesKey],
  );
  return <ProblemPage host={host} />;
}
