import { percentOf } from '@learnbuild/domain/rules/core-progress';
import type { DsaProblem } from '@learnbuild/domain/schemas/dsa';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/class-names';
import { Progress } from '@/components/ui/progress';
import { TooltipGroup } from '@/components/ui/tooltip';
import { ProblemRow, type RowActions } from './problem-row';

export interface TopicProgress {
  topic: string;
  solved: number;
  total: number;
}

export interface StepGroup {
  step: string;
  problems: DsaProblem[];
  solved: number;
  /** The step's topics in the order they first appear, each with its own solved/total. */
  topics: TopicProgress[];
}

/**
 * Groups the sheet by step, keeping the learning-path order the server sent; `heading` puts every problem in one
 * group of that name instead (a sorted sheet).
 */
export function groupBySteps(problems: readonly DsaProblem[], heading?: string): StepGroup[] {
  const groups = new Map<string, StepGroup>();
  for (const problem of problems) {
    const step = heading ?? problem.step;
    let group = groups.get(step);
    if (!group) {
      group = { step, problems: [], solved: 0, topics: [] };
      groups.set(step, group);
    }
    group.problems.push(problem);
    let topic = group.topics.find((t) => t.topic === problem.topic);
    if (!topic) {
      topic = { topic: problem.topic, solved: 0, total: 0 };
      group.topics.push(topic);
    }
    topic.total++;
    if (problem.solved) {
      group.solved++;
      topic.solved++;
    }
  }
  return [...groups.values()];
}

/**
 * A step's heading. Step names carry the topic ("Step 6: Linked Lists"), which interview mode
 * hides, so there only the number remains ("Step 6"); a step named otherwise reads by its place.
 */
export function stepHeading(step: string, index: number, interviewMode: boolean): string {
  if (!interviewMode) return step;
  return /^step\s+\d+/i.exec(step)?.[0] ?? `Step ${index + 1}`;
}

function StepSection({
  group,
  heading,
  open,
  onToggle,
  interviewMode,
  reviewMode,
  actions,
}: {
  group: StepGroup;
  heading: string;
  open: boolean;
  onToggle: () => void;
  interviewMode: boolean;
  reviewMode: boolean;
  actions: RowActions;
}) {
  const panelId = useId();
  const percent = percentOf(group.solved, group.problems.length);
  // A step of several topics shows each topic's count and a topic badge on each row; a step of one
  // topic names it once here instead of on every row. Interview mode hides topic names.
  const several = group.topics.length > 1;
  const topics = interviewMode || !several ? [] : group.topics;
  const onlyTopic = interviewMode || several ? null : (group.topics[0]?.topic ?? null);
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
            <span className="break-words" data-testid="step-name">
              {heading}
            </span>
          </span>
          <span className="flex items-center gap-3 pl-7 text-sm text-muted sm:pl-0">
            <span className="whitespace-nowrap" data-testid="step-count">
              {group.solved} / {group.problems.length}
            </span>
            <Progress
              value={percent}
              label={`${heading}: ${percent}% solved`}
              className="w-28 sm:w-36"
              barClassName="bg-emerald-500!"
            />
          </span>
        </button>
      </h2>
      {topics.length > 0 ? (
        <ul aria-label={`Progress by topic in ${heading}`} className="-mt-1 flex flex-wrap gap-2 px-4 pb-3 pl-11">
          {topics.map((topic) => (
            <li
              key={topic.topic}
              data-testid="topic-progress"
              className="rounded-full bg-muted px-2.5 py-0.5 text-xs whitespace-nowrap text-muted"
            >
              <span className="font-medium text-[var(--text)]">{topic.topic}</span> {topic.solved} / {topic.total}
            </li>
          ))}
        </ul>
      ) : null}
      {onlyTopic ? (
        <p className="-mt-1 px-4 pb-3 pl-11 text-xs text-muted" data-testid="step-topic">
          Topic: <span className="font-medium text-[var(--text)]">{onlyTopic}</span>
        </p>
      ) : null}
      {open ? (
        <ul id={panelId} className="divide-y divide-[var(--border)] border-t border-default">
          {group.problems.map((problem) => (
            <ProblemRow
              key={problem.id}
              problem={problem}
              interviewMode={interviewMode}
              reviewMode={reviewMode}
              showTopic={several}
              actions={actions}
            />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

/** Steps as collapsible sections, each with its own progress and, where it holds several topics, theirs. */
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
    <TooltipGroup>
      <div className="flex flex-col gap-3">
        {groups.map((group, index) => (
          <StepSection
            key={group.step}
            group={group}
            heading={stepHeading(group.step, index, interviewMode)}
            open={isOpen(group.step)}
            onToggle={() => onToggle(group.step)}
            interviewMode={interviewMode}
            reviewMode={reviewMode}
            actions={actions}
          />
        ))}
      </div>
    </TooltipGroup>
  );
}
