import { percentOf } from '@learnbuild/domain/rules/core-progress';
import { addDays, todayIn } from '@learnbuild/domain/rules/streaks';
import {
  CUSTOM_PLAN_MAX_DAYS_AHEAD,
  STUDY_PLAN_LABELS,
  STUDY_PLAN_STATUS_LABELS,
  type StudyPlanStatus,
} from '@learnbuild/domain/rules/study-plan';
import type { PlanProblem, StudyPlan } from '@learnbuild/domain/schemas/study-plans';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DifficultyBadge } from '@/components/ui/difficulty-badge';
import { FieldError, FormMessage, TextField } from '@/components/ui/field';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { useChooseStudyPlan } from '@/features/dashboard/api/choose-study-plan';
import { useEndStudyPlan } from '@/features/dashboard/api/end-study-plan';
import { useStudyPlan } from '@/features/dashboard/api/get-study-plan';
import { errorMessage } from '@/lib/api-client';
import { browserTimeZone, formatDay } from '@/lib/dates';
import { Panel } from './panel';

const STATUS_TONES: Record<StudyPlanStatus, BadgeTone> = {
  'on-track': 'green',
  behind: 'amber',
  done: 'brand',
  ended: 'neutral',
};

const READY_PLANS = [
  {
    kind: 'sheet-90',
    description: 'Every step of the sheet, finished in 90 days.',
  },
  {
    kind: 'interview-30',
    description: 'The Easy and Medium problems of the core interview steps, in 30 days.',
  },
] as const;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** A problem of today's list: its own page when a judge runs it, else the sheet, found by title. */
function problemHref(problem: PlanProblem): string {
  return problem.judged ? `/problems/${problem.slug}` : `/dsa-sheet?q=${encodeURIComponent(problem.title)}`;
}

/** Issue 29: the learner's study plan on the dashboard: pick one, then today's problems and how it goes. */
export function StudyPlanCard({ userId }: { userId: string }) {
  const query = useStudyPlan(userId);
  const [editing, setEditing] = useState(false);

  let body: ReactNode;
  if (query.data) {
    const { plan, sheetSteps } = query.data;
    body =
      plan && !editing ? (
        <PlanSummary plan={plan} userId={userId} onChange={() => setEditing(true)} />
      ) : (
        <PlanChooser
          userId={userId}
          sheetSteps={sheetSteps}
          current={plan}
          onChosen={() => setEditing(false)}
          onCancel={plan ? () => setEditing(false) : undefined}
        />
      );
  } else if (query.isError) {
    body = <InlineLoadError error={query.error} fallback="Could not load your study plan" onRetry={query.refetch} />;
  } else {
    body = (
      <div className="flex flex-col gap-2" aria-hidden>
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-2 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  return (
    <Panel title="Study plan" testId="study-plan">
      {body}
    </Panel>
  );
}

function PlanSummary({ plan, userId, onChange }: { plan: StudyPlan; userId: string; onChange: () => void }) {
  const end = useEndStudyPlan(userId);
  const [confirming, setConfirming] = useState(false);
  const percent = percentOf(plan.solved, plan.total);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium">{STUDY_PLAN_LABELS[plan.kind]}</p>
        <Badge tone={STATUS_TONES[plan.status]} data-testid="study-plan-status">
          {STUDY_PLAN_STATUS_LABELS[plan.status]}
        </Badge>
      </div>
      <div className="flex flex-col gap-1.5">
        <p className="text-sm" data-testid="study-plan-progress">
          {plan.solved} of {plan.total} solved
        </p>
        <Progress value={percent} label={`Study plan: ${plan.solved} of ${plan.total} solved`} />
        <p className="text-sm text-muted">
          {plan.status === 'ended'
            ? `Ended on ${formatDay(plan.finishOn)}`
            : `${plural(plan.daysLeft, 'day')} left · finishes ${formatDay(plan.finishOn)}`}
        </p>
      </div>
      <TodaySection plan={plan} onChange={onChange} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onChange}>
          Change plan
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          End plan
        </Button>
      </div>
      {end.isError ? <FormMessage message={errorMessage(end.error, 'Could not end the plan')} tone="error" /> : null}
      {confirming ? (
        <ConfirmDialog
          title="End your study plan?"
          description="Your solved problems stay solved; only the plan and its daily target go."
          confirmLabel="End plan"
          busy={end.isPending}
          onConfirm={() => end.mutate(undefined, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}

function TodaySection({ plan, onChange }: { plan: StudyPlan; onChange: () => void }) {
  const headingId = useId();
  if (plan.status === 'done') {
    return <p className="text-sm">Every problem of the plan is solved. Well done! Pick a new plan to keep going.</p>;
  }
  if (plan.status === 'ended') {
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm">
          The finish date has passed with {plural(plan.remaining, 'problem')} left. Set a new finish date to get a daily
          target again.
        </p>
        <Button size="sm" onClick={onChange}>
          Set a new date
        </Button>
      </div>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold" data-testid="study-plan-today-heading">
        Today: {plural(plan.today.length, 'problem')}
      </h3>
      <p className="text-sm text-muted">
        Daily target {plan.dailyTarget} · {plan.solvedToday} solved today
      </p>
      {plan.today.length === 0 ? (
        <p className="text-sm">Today&rsquo;s target is met. Come back tomorrow, or keep going on the sheet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-[var(--border)] rounded-lg border border-default">
          {plan.today.map((problem) => (
            <li key={problem.problemId} className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <Link
                to={problemHref(problem)}
                className="min-w-0 flex-1 font-medium break-words text-brand-700 underline-offset-4 hover:underline dark:text-brand-200"
              >
                {problem.title}
              </Link>
              <DifficultyBadge difficulty={problem.difficulty} />
              <span className="w-full truncate text-xs text-muted">{problem.step}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PlanChooser({
  userId,
  sheetSteps,
  current,
  onChosen,
  onCancel,
}: {
  userId: string;
  sheetSteps: string[];
  current: StudyPlan | null;
  onChosen: () => void;
  onCancel?: () => void;
}) {
  const choose = useChooseStudyPlan(userId);
  const [custom, setCustom] = useState(current?.kind === 'custom' || current?.status === 'ended');
  const failure = choose.isError ? errorMessage(choose.error, 'Could not save the plan') : null;

  if (custom) {
    return (
      <CustomPlanForm
        sheetSteps={sheetSteps}
        initialSteps={current?.steps ?? []}
        pending={choose.isPending}
        failure={failure}
        onSubmit={(steps, finishOn) => choose.mutate({ kind: 'custom', steps, finishOn }, { onSuccess: onChosen })}
        onCancel={() => {
          choose.reset();
          if (onCancel && current?.kind === 'custom') onCancel();
          else setCustom(false);
        }}
      />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        {current
          ? 'Pick a new plan: it starts again today.'
          : 'Pick a plan and get a daily target and today’s problems here, on every device you use.'}
      </p>
      <ul className="grid gap-2">
        {READY_PLANS.map((option) => (
          <li key={option.kind}>
            <button
              type="button"
              disabled={choose.isPending}
              onClick={() => choose.mutate({ kind: option.kind }, { onSuccess: onChosen })}
              className="flex w-full cursor-pointer flex-col items-start gap-0.5 rounded-lg border border-default p-3 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60"
            >
              <span className="font-medium">{STUDY_PLAN_LABELS[option.kind]}</span>
              <span className="text-sm text-muted">{option.description}</span>
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            disabled={choose.isPending}
            onClick={() => {
              choose.reset();
              setCustom(true);
            }}
            className="flex w-full cursor-pointer flex-col items-start gap-0.5 rounded-lg border border-default p-3 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60"
          >
            <span className="font-medium">{STUDY_PLAN_LABELS.custom}</span>
            <span className="text-sm text-muted">Choose the steps and the finish date.</span>
          </button>
        </li>
      </ul>
      <div aria-live="polite">{failure ? <FormMessage message={failure} tone="error" /> : null}</div>
      {onCancel ? (
        <Button variant="secondary" size="sm" className="self-start" onClick={onCancel}>
          Keep my plan
        </Button>
      ) : null}
    </div>
  );
}

function CustomPlanForm({
  sheetSteps,
  initialSteps,
  pending,
  failure,
  onSubmit,
  onCancel,
}: {
  sheetSteps: string[];
  initialSteps: string[];
  pending: boolean;
  failure: string | null;
  onSubmit: (steps: string[], finishOn: string) => void;
  onCancel: () => void;
}) {
  const today = todayIn(browserTimeZone());
  const [steps, setSteps] = useState<string[]>(initialSteps.filter((step) => sheetSteps.includes(step)));
  const [finishOn, setFinishOn] = useState('');
  const [errors, setErrors] = useState<{ steps?: string; finishOn?: string }>({});
  const stepsErrorId = useId();

  const toggle = (step: string, checked: boolean) =>
    setSteps((chosen) => (checked ? [...chosen, step] : chosen.filter((value) => value !== step)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (steps.length === 0) found.steps = 'Pick at least one step';
    if (!finishOn) found.finishOn = 'Pick a finish date';
    else if (finishOn < today) found.finishOn = 'The finish date cannot be before today';
    else if (finishOn > addDays(today, CUSTOM_PLAN_MAX_DAYS_AHEAD))
      found.finishOn = `The finish date can be at most ${CUSTOM_PLAN_MAX_DAYS_AHEAD} days ahead`;
    setErrors(found);
    if (Object.keys(found).length === 0)
      onSubmit(
        sheetSteps.filter((step) => steps.includes(step)),
        finishOn,
      );
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Custom study plan">
      <fieldset
        className="flex flex-col gap-2"
        aria-invalid={errors.steps ? true : undefined}
        aria-describedby={errors.steps ? stepsErrorId : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Steps of the sheet</legend>
        {sheetSteps.length === 0 ? <p className="text-sm text-muted">The sheet has no problems yet.</p> : null}
        <div className="flex max-h-64 flex-col gap-1.5 overflow-y-auto pr-1">
          {sheetSteps.map((step) => (
            <label key={step} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={steps.includes(step)}
                onChange={(event) => toggle(step, event.target.checked)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
              />
              <span className="min-w-0 break-words">{step}</span>
            </label>
          ))}
        </div>
        <FieldError id={stepsErrorId}>{errors.steps}</FieldError>
      </fieldset>
      <TextField
        label="Finish date"
        type="date"
        min={today}
        max={addDays(today, CUSTOM_PLAN_MAX_DAYS_AHEAD)}
        value={finishOn}
        onChange={(event) => setFinishOn(event.target.value)}
        error={errors.finishOn}
        hint={<p className="text-xs text-muted">Today up to {CUSTOM_PLAN_MAX_DAYS_AHEAD} days ahead.</p>}
      />
      <div aria-live="polite">{failure ? <FormMessage message={failure} tone="error" /> : null}</div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="secondary" onClick={onCancel}>
          Back
        </Button>
        <Button type="submit" disabled={pending}>
          Start plan
        </Button>
      </div>
    </form>
  );
}
