import { useQueryClient } from '@tanstack/react-query';
import { lazy, useMemo } from 'react';
import { dashboardKeys } from '@/features/dashboard/api/keys';
import { dsaKeys } from '@/features/dsa/api/keys';
import type { PracticeHost, PracticeRunner } from '@/features/practice/practice-host';
import { ProblemPage } from '@/features/practice/routes/problem-page';

// The code editor's CodeMirror and its browser runner, each fetched on demand: the page's first screen (the
// statement) loads neither.
const Editor = lazy(async () => ({
  default: (await import('@/features/code-editor/editor/code-mirror-editor')).CodeMirrorEditor,
}));

async function createRunner(): Promise<PracticeRunner> {
  const { BrowserRunner } = await import('@/features/code-editor/run/browser-runner');
  return new BrowserRunner();
}

/**
 * /problems/:problemSlug composes the practice page with what other features own (features never import each
 * other): the code editor's editor and runner, and the DSA sheet's and dashboard's data, stale once a submission
 * is Accepted (the server marked the problem solved).
 */
export function ProblemScreen() {
  const queryClient = useQueryClient();
  const host = useMemo<PracticeHost>(
    () => ({
      Editor,
      createRunner,
      onAccepted: () => {
        void queryClient.invalidateQueries({ queryKey: dsaKeys.all });
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      },
    }),
    [queryClient],
  );
  return <ProblemPage host={host} />;
}
