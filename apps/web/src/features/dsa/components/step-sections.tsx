import { percentOf } from '@learnbuild/domain/rules/core-progress';
import type { DsaProblem } from '@learnbuild/domain/schemas/dsa';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/class-names';
import { Progress } from '../../../components/ui/progress';
import { ProblemRow, type RowActions } from './problem-row';

export interface StepGroup {
  step: string;
  problems: DsaProblem[];
  solved: number;
}

/** Groups the sheet by step, keeping the learning-path order the server sent. */
export function groupBySteps(problems: readonly DsaProblem[]): StepGroup[] {
  const groups = new Map<string, StepGroup>();
  for (const problem of problems) {
    let group = groups.get(problem.step);
    if (!group) {
      group = { step: problem.step, problems: [], solved: 0 };
      groups.set(problem.step, group);
    }
    group.problems.push(problem);
    if (problem.solved) group.solved++;
  }
  return [...groups.values()];
}

function StepSection({
  group,
  open,
  onToggle,
  interviewMode,
  reviewMode,
  actions,
}: {
  group: StepGroup;
  open: boolean;
  onToggle: () => void;
  interviewMode: boolean;
  reviewMode: boolean;
  actions: RowActions;
}) {
  const panelId = useId();
  const percent = percentOf(group.solved, group.problems.length);
  return (
    <Card className="overflow-hidden" data-testid="step-section">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full cursor-pointer flex-col gap-2 px-4 py-4 text-left hover:bg-muted sm:flex-row sm:items-center sm:gap-4"
        >
          <span className="flex min-w-0 flex-1 items-center gap-2 font-semibold">
            <ChevronDown
              className={cn('h-5 w-5 shrink-0 text-muted transition-transform', !open && '-rotate-90')}
              aria-hidden
            />
            <span className="break-words">{group.step}</span>
          </span>
          <span className="flex items-center gap-3 pl-7 text-sm text-muted sm:pl-0">
            <span className="whitespace-nowrap" data-testid="step-count">
              {group.solved} / {group.problems.length}
            </span>
            <Progress
              value={percent}
              label={`${group.step}: ${percent}% solved`}
              className="w-28 sm:w-36"
              barClassName="bg-emerald-500!"
            />
          </span>
        </button>
      </h2>
      {open ? (
        <ul id={panelId} className="divide-y divide-[var(--border)] border-t border-default">
          {group.problems.map((problem) => (
            <ProblemRow
              key={problem.id}
              problem={problem}
              interviewMode={interviewMode}
              reviewMode={reviewMode}
              actions={actions}
            />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

/** Steps as collapsible sections, each with its own progress. */
export function StepSections({
  groups,
  isOpen,
  onToggle,
  interviewMode,
  reviewMode = false,
  actions,
}: {
  groups: StepGroup[];
  isOpen: (step: string) => boolean;
  onToggle: (step: string) => void;
  interviewMode: boolean;
  reviewMode?: boolean;
  actions: RowActions;
}) {
  return (
    <div className="flex flex-col gap-3">
      {groups.map((group) => (
        <StepSection
          key={group.step}
          group={group}
          open={isOpen(group.step)}
          onToggle={() => onToggle(group.step)}
          interviewMode={interviewMode}
          reviewMode={reviewMode}
          actions={actions}
        />
      ))}
    </div>
  );
}
