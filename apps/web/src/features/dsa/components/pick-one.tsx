import type { DsaProblem } from '@learnbuild/domain/schemas/dsa';
import { ExternalLink, Play, Shuffle, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DifficultyBadge } from '@/components/ui/difficulty-badge';
import { type PickFilters, type PickMode, pickProblem } from '@/features/dsa/api/pick-problem';
import { errorMessage } from '@/lib/api-client';

type PickState =
  | { kind: 'idle' }
  | { kind: 'picking'; mode: PickMode }
  | { kind: 'picked'; mode: PickMode; problem: DsaProblem }
  | { kind: 'failed'; mode: PickMode; message: string };

const MODE_TEXT: Record<PickMode, string> = {
  unsolved: 'Your pick',
  solved: 'Revise this one',
};

/**
 * "Pick one" (issue 28): a random unsolved problem of the sheet's topic, difficulty and company, or one of the learner's
 * solved ones to revise. The pick shows here, with its own page when it has a judge and its link elsewhere, so
 * nothing opens a window the browser would block.
 */
export function PickOne({ filters }: { filters: PickFilters }) {
  const [pick, setPick] = useState<PickState>({ kind: 'idle' });
  const run = async (mode: PickMode) => {
    setPick({ kind: 'picking', mode });
    try {
      setPick({ kind: 'picked', mode, problem: await pickProblem(mode, filters) });
    } catch (error) {
      setPick({ kind: 'failed', mode, message: errorMessage(error, 'No problem could be picked. Try again.') });
    }
  };
  const busy = pick.kind === 'picking';
  const scope = [[filters.difficulty, filters.topic].filter(Boolean).join(' '), filters.company]
    .filter(Boolean)
    .join(', ');
  return (
    <section aria-label="Pick a problem" className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => run('unsolved')} disabled={busy} data-testid="pick-one">
          <Shuffle className="h-4 w-4" aria-hidden /> Pick one{scope ? ` (${scope})` : ''}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => run('solved')} disabled={busy} data-testid="pick-solved">
          <Shuffle className="h-4 w-4" aria-hidden /> Random from my solved
        </Button>
      </div>
      <div aria-live="polite" data-testid="pick-result">
        {pick.kind === 'picked' ? (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-default bg-[var(--surface)] px-4 py-3 text-sm">
            <span className="text-muted">{MODE_TEXT[pick.mode]}:</span>
            <span className="font-semibold" data-testid="picked-title">
              {pick.problem.title}
            </span>
            <DifficultyBadge difficulty={pick.problem.difficulty} />
            <span className="text-muted">{pick.problem.topic}</span>
            <span className="ml-auto flex flex-wrap items-center gap-2">
              {pick.problem.judge ? (
                <Link
                  to={`/problems/${encodeURIComponent(pick.problem.slug)}`}
                  className="inline-flex min-h-8 items-center gap-1 rounded-lg bg-brand-600 px-3 text-xs font-semibold text-white hover:bg-brand-700"
                >
                  <Play className="h-3.5 w-3.5" aria-hidden /> Solve here
                </Link>
              ) : null}
              <a
                href={pick.problem.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-8 items-center gap-1 text-xs font-medium text-brand-600 hover:underline dark:text-brand-400"
              >
                Open the problem <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
              <Button variant="ghost" size="sm" onClick={() => run(pick.mode)}>
                <Shuffle className="h-4 w-4" aria-hidden /> Another
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setPick({ kind: 'idle' })} aria-label="Close the pick">
                <X className="h-4 w-4" aria-hidden />
              </Button>
            </span>
          </div>
        ) : pick.kind === 'failed' ? (
          <p className="text-sm text-muted" role="status">
            {pick.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}
