import { useCallback, useState } from 'react';
import type { StepGroup } from './step-sections';

/**
 * Which steps are expanded. Until the learner toggles one, a filtered or searched list shows
 * every step and the full sheet opens at the first step with work left.
 */
export function useOpenSteps(groups: readonly StepGroup[], expandAll: boolean) {
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const firstOpen = groups.find((g) => g.solved < g.problems.length)?.step ?? groups[0]?.step;
  const isOpen = useCallback(
    (step: string) => (chosen ? chosen.has(step) : expandAll || step === firstOpen),
    [chosen, expandAll, firstOpen],
  );
  const toggle = useCallback(
    (step: string) =>
      setChosen((current) => {
        const next = new Set(current ?? groups.filter((g) => expandAll || g.step === firstOpen).map((g) => g.step));
        if (next.has(step)) next.delete(step);
        else next.add(step);
        return next;
      }),
    [groups, expandAll, firstOpen],
  );
  const setAll = useCallback((open: boolean) => setChosen(new Set(open ? groups.map((g) => g.step) : [])), [groups]);
  return { isOpen, toggle, setAll };
}
