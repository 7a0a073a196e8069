import {
  CONFIDENCE_LABELS,
  CONFIDENCE_LEVELS,
  type Confidence,
  GRADE_LABELS,
  isRevisionDue,
  REVISION_GRADES,
  type RevisionGrade,
} from '@learnbuild/domain/rules/revision';
import type { DsaProblem } from '@learnbuild/domain/schemas/dsa';
import {
  BadgeCheck,
  Bookmark,
  BookmarkCheck,
  Building2,
  CalendarClock,
  CheckCheck,
  Code2,
  ExternalLink,
  NotebookPen,
  Play,
  RotateCcw,
} from 'lucide-react';
import { memo, startTransition, useOptimistic, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { DifficultyBadge } from '@/components/ui/difficulty-badge';
import { Tooltip } from '@/components/ui/tooltip';
import type { ProgressChange } from '@/features/dsa/optimistic';
import { browserToday } from '@/features/dsa/time-zone';
import { codeEditorHref } from '@/lib/code-editor-link';
import { formatDay } from '@/lib/dates';
import { NotesDialog } from './notes-dialog';

function judgeName(url: string): string {
  if (url.includes('leetcode.com')) return 'LeetCode';
  if (url.includes('geeksforgeeks.org')) return 'GeeksforGeeks';
  return 'the judge';
}

function IconToggle({
  label,
  pressed,
  onClick,
  children,
  className,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Tooltip content={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
        className={cn(
          'inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-lg transition-colors hover:bg-muted',
          className ?? 'text-muted hover:text-[var(--text)]',
        )}
      >
        {children}
      </button>
    </Tooltip>
  );
}

/**
 * The second judge's link. Its name starts with the text it shows ('GfG'), as WCAG 2.5.3 asks, and
 * it is a 24 px target like every other control of the row.
 */
function AltLink({ title, url }: { title: string; url: string }) {
  const judge = judgeName(url);
  const shown = judge === 'GeeksforGeeks' ? 'GfG' : 'Alt';
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-6 min-w-6 items-center justify-center rounded-md border border-default px-1.5 text-xs font-medium text-brand-600 hover:underline dark:text-brand-400"
      aria-label={`${shown}: ${title} on ${judge} (opens in a new tab)`}
    >
      {shown}
    </a>
  );
}

/** Issue 27: the problem's own page, with the editor and the judge. Its name starts with the text it shows. */
function SolveLink({ slug, title }: { slug: string; title: string }) {
  return (
    <Link
      to={`/problems/${encodeURIComponent(slug)}`}
      aria-label={`Solve ${title} here`}
      className="inline-flex min-h-6 items-center gap-1 rounded-md bg-brand-600 px-2 text-xs font-semibold text-white hover:bg-brand-700"
      data-testid="solve-link"
    >
      <Play className="h-3 w-3" aria-hidden />
      Solve
    </Link>
  );
}

/** A solve the judge accepted reads differently from a ticked box: a seal with its word, explained on hover. */
function VerifiedSeal() {
  return (
    <Tooltip content="Solved here: accepted by the judge">
      <span
        className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200"
        data-testid="verified-seal"
      >
        <BadgeCheck className="h-3.5 w-3.5" aria-hidden />
        Verified
      </span>
    </Tooltip>
  );
}

/** Company chips shown on a row; the rest are counted, and named to screen readers and on hover. */
const SHOWN_COMPANIES = 3;

/**
 * Issue 28: the companies staff tagged the problem with, small and on one line on a phone, read as
 * "Asked at: Google, Amazon" by a screen reader.
 */
function CompanyChips({ companies }: { companies: readonly string[] }) {
  const shown = companies.slice(0, SHOWN_COMPANIES);
  const hidden = companies.slice(SHOWN_COMPANIES);
  return (
    <p
      className="mt-1 flex min-w-0 flex-nowrap items-center gap-1 overflow-hidden text-[11px] text-muted md:flex-wrap"
      data-testid="problem-companies"
      title={`Asked at ${companies.join(', ')}`}
    >
      <Building2 className="h-3 w-3 shrink-0" aria-hidden />
      <span className="sr-only">Asked at: </span>
      {shown.map((company, index) => (
        <span key={company} className="shrink-0 rounded-full border border-default px-1.5 leading-4">
          {company}
          {index < companies.length - 1 ? <span className="sr-only">, </span> : null}
        </span>
      ))}
      {hidden.length > 0 ? (
        <span className="shrink-0">
          <span aria-hidden>+{hidden.length}</span>
          <span className="sr-only">{hidden.join(', ')}</span>
        </span>
      ) : null}
    </p>
  );
}

/** Issue 28: everyone's work on the problem, once there is some: learners who solved it and its acceptance rate. */
export function problemNumbers(problem: Pick<DsaProblem, 'solvedCount' | 'acceptanceRate'>): string | null {
  const parts: string[] = [];
  if (problem.solvedCount > 0)
    parts.push(
      `${problem.solvedCount.toLocaleString('en')} ${problem.solvedCount === 1 ? 'learner' : 'learners'} solved`,
    );
  if (problem.acceptanceRate !== null) parts.push(`${problem.acceptanceRate}% acceptance`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

export interface RowActions {
  /** Resolves once the server answered (a refusal is rolled back and reported by the caller). */
  change: (change: ProgressChange) => Promise<unknown>;
  /** A review done now: graded on the adaptive schedule (issue 29), ungraded on the simple one. */
  review?: (problemId: string, grade?: RevisionGrade) => void;
  /** The learner kept the fixed 1-3-7-14-30 days: one 'Mark reviewed' button instead of the four grades. */
  simpleSchedule?: boolean;
}

const GRADE_HINTS: Record<RevisionGrade, string> = {
  again: 'Forgot it: comes back soon',
  hard: 'Recalled with effort',
  good: 'Recalled it',
  easy: 'Recalled at once: comes back much later',
};

/** Issue 29: recall graded in four buttons; the next day follows from the FSRS schedule. */
function GradeButtons({ title, onGrade }: { title: string; onGrade: (grade: RevisionGrade) => void }) {
  return (
    <fieldset className="flex w-full items-center gap-1 sm:mr-1 sm:w-auto" data-testid="grade-buttons">
      <legend className="sr-only">How well did you recall {title}?</legend>
      {REVISION_GRADES.map((grade) => (
        <Tooltip key={grade} content={GRADE_HINTS[grade]}>
          <Button
            size="sm"
            variant={grade === 'good' ? 'primary' : 'secondary'}
            onClick={() => onGrade(grade)}
            aria-label={`${GRADE_LABELS[grade]}: ${title}`}
          >
            {GRADE_LABELS[grade]}
          </Button>
        </Tooltip>
      ))}
    </fieldset>
  );
}

const CONFIDENCE_TONES: Record<Confidence, string> = {
  low: 'text-red-700 dark:text-red-300',
  medium: 'text-amber-700 dark:text-amber-300',
  high: 'text-emerald-700 dark:text-emerald-300',
  expert: 'text-brand-700 dark:text-brand-300',
};

/** Issue 29: how sure the learner is of the problem, a native select (keyboard and screen reader as usual). */
function ConfidenceSelect({
  title,
  confidence,
  onChange,
}: {
  title: string;
  confidence: Confidence | null;
  onChange: (confidence: Confidence | null) => void;
}) {
  return (
    <select
      aria-label={`Confidence: ${title}`}
      value={confidence ?? ''}
      onChange={(event) => onChange((event.target.value || null) as Confidence | null)}
      className={cn(
        'h-9 max-w-[9.5rem] cursor-pointer rounded-lg border border-default bg-[var(--surface)] px-1.5 text-xs',
        confidence ? CONFIDENCE_TONES[confidence] : 'text-muted',
      )}
      data-testid="confidence-select"
    >
      {/* The word says what the control is on a row full of difficulty and topic badges. */}
      <option value="">{`Confidence: ${CONFIDENCE_LABELS['not-set'].toLowerCase()}`}</option>
      {CONFIDENCE_LEVELS.map((level) => (
        <option key={level} value={level}>
          {`Confidence: ${CONFIDENCE_LABELS[level].toLowerCase()}`}
        </option>
      ))}
    </select>
  );
}

/**
 * One problem: solved checkbox, judge link, badges, bookmark, notes and revision. Memoised: a search that
 * keeps a row (the same problem object, the same actions) does not render it again, which is what makes
 * typing in a sheet of a thousand rows cheap.
 */
export const ProblemRow = memo(function ProblemRow({
  problem,
  interviewMode,
  reviewMode = false,
  showTopic = true,
  actions,
}: {
  problem: DsaProblem;
  interviewMode: boolean;
  reviewMode?: boolean;
  /** False in a step of one topic: its header names the topic once instead of every row. */
  showTopic?: boolean;
  actions: RowActions;
}) {
  const [notesOpen, setNotesOpen] = useState(false);
  // The box follows the click at once, even before the cache's optimistic update renders.
  const [solved, setSolved] = useOptimistic(problem.solved);
  const toggleSolved = (checked: boolean) =>
    startTransition(async () => {
      setSolved(checked);
      await actions.change({ problemId: problem.id, solved: checked });
    });
  const inRevision = problem.revisionDueOn !== null;
  const judge = judgeName(problem.url);
  const tags = interviewMode ? [] : problem.tags.slice(0, 4);
  const numbers = interviewMode ? null : problemNumbers(problem);
  return (
    <li
      className={cn(
        'flex items-start gap-3 px-4 py-3 sm:items-center',
        problem.solved && 'bg-emerald-50/60 dark:bg-emerald-950/20',
      )}
      data-testid="problem-row"
      data-problem={problem.slug}
      data-topic={problem.topic}
    >
      {/* 24 px: the smallest target WCAG 2.5.8 allows without spacing. */}
      <input
        type="checkbox"
        checked={solved}
        onChange={(event) => toggleSolved(event.target.checked)}
        aria-label={`Solved: ${problem.title}`}
        className="mt-0.5 h-6 w-6 shrink-0 cursor-pointer accent-emerald-600 sm:mt-0"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <a
              href={problem.url}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(
                'inline-flex items-center gap-1.5 font-medium hover:text-brand-600 hover:underline',
                problem.solved && 'text-emerald-800 dark:text-emerald-300',
              )}
              aria-label={`${problem.title} (opens ${judge} in a new tab)`}
            >
              <span className="break-words">{problem.title}</span>
              <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
            </a>
            {problem.altUrl ? <AltLink title={problem.title} url={problem.altUrl} /> : null}
            {problem.judge ? <SolveLink slug={problem.slug} title={problem.title} /> : null}
            {problem.solved && problem.verified ? <VerifiedSeal /> : null}
          </div>
          {inRevision ? (
            <Badge tone="brand" className="mt-1 gap-1">
              <CalendarClock className="h-3 w-3" aria-hidden />
              {/* Today is only asked for here: reading the time zone costs every row that has no schedule. */}
              {isRevisionDue(problem.revisionDueOn, browserToday())
                ? 'Revise today'
                : `Revise on ${formatDay(problem.revisionDueOn!)}`}
            </Badge>
          ) : null}
          {problem.notes ? (
            <p className="mt-0.5 line-clamp-1 text-xs text-muted" title={problem.notes}>
              {problem.notes}
            </p>
          ) : null}
          {numbers ? (
            <p className="mt-0.5 text-xs text-muted" data-testid="problem-numbers">
              {numbers}
            </p>
          ) : null}
          {problem.companies.length > 0 ? <CompanyChips companies={problem.companies} /> : null}
          {tags.length > 0 ? (
            <>
              {/* Phones get the tags as one short line; wider screens as chips. */}
              <p className="mt-1 truncate text-xs text-muted md:hidden" data-testid="problem-tags-compact">
                <span className="sr-only">Tags: </span>
                {tags.join(' · ')}
              </p>
              <p className="mt-1 hidden flex-wrap gap-1 md:flex">
                <span className="sr-only">Tags: </span>
                {tags.map((tag) => (
                  <span key={tag} className="rounded bg-muted px-1.5 py-0.5 text-[11px] text-muted">
                    {tag}
                  </span>
                ))}
              </p>
            </>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 sm:flex-nowrap sm:justify-end">
          {interviewMode ? null : (
            // Fixed slots, so the topic and difficulty of every row line up under each other.
            <div className="flex items-center gap-1.5">
              {showTopic ? (
                <span className="sm:w-36 sm:text-right" data-testid="row-topic">
                  <Badge className="max-w-full" title={problem.topic}>
                    <span className="truncate">{problem.topic}</span>
                  </Badge>
                </span>
              ) : null}
              <span className="sm:w-[4.5rem]">
                <DifficultyBadge difficulty={problem.difficulty} />
              </span>
            </div>
          )}
          <div className="flex flex-wrap items-center gap-y-1">
            {reviewMode && actions.review && !actions.simpleSchedule ? (
              <GradeButtons title={problem.title} onGrade={(grade) => actions.review?.(problem.id, grade)} />
            ) : null}
            {reviewMode && actions.review && actions.simpleSchedule ? (
              <Button
                size="sm"
                onClick={() => actions.review?.(problem.id)}
                aria-label={`Mark ${problem.title} reviewed`}
              >
                {/* An action, not a state: the button records a review done now. */}
                <CheckCheck className="h-4 w-4" aria-hidden /> Mark reviewed
              </Button>
            ) : null}
            {/* Interview mode strips the row to the problem itself. */}
            {(problem.solved || problem.confidence) && !interviewMode ? (
              <ConfidenceSelect
                title={problem.title}
                confidence={problem.confidence ?? null}
                onChange={(confidence) => actions.change({ problemId: problem.id, confidence })}
              />
            ) : null}
            <IconToggle
              label={problem.bookmarked ? `Remove bookmark: ${problem.title}` : `Bookmark: ${problem.title}`}
              pressed={problem.bookmarked}
              onClick={() => actions.change({ problemId: problem.id, bookmarked: !problem.bookmarked })}
              className={problem.bookmarked ? 'text-brand-600' : undefined}
            >
              {problem.bookmarked ? (
                <BookmarkCheck className="h-5 w-5" aria-hidden />
              ) : (
                <Bookmark className="h-5 w-5" aria-hidden />
              )}
            </IconToggle>
            {/* The problem's own buffers in the code editor: its code stays apart from every other problem's. */}
            <Tooltip content="Open in editor">
              <Link
                to={codeEditorHref({ key: `dsa:${problem.id}`, title: problem.title, link: problem.url })}
                aria-label={`Open in editor: ${problem.title}`}
                className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-muted transition-colors hover:bg-muted hover:text-[var(--text)]"
              >
                <Code2 className="h-5 w-5" aria-hidden />
              </Link>
            </Tooltip>
            <IconToggle
              label={`Notes: ${problem.title}`}
              pressed={problem.notes !== ''}
              onClick={() => setNotesOpen(true)}
              className={problem.notes ? 'text-amber-600' : undefined}
            >
              <NotebookPen className="h-5 w-5" aria-hidden />
            </IconToggle>
            {problem.solved && !reviewMode ? (
              <IconToggle
                label={inRevision ? `Stop revising: ${problem.title}` : `Revise later: ${problem.title}`}
                pressed={inRevision}
                onClick={() => actions.change({ problemId: problem.id, revision: !inRevision })}
                className={inRevision ? 'text-brand-600' : undefined}
              >
                <RotateCcw className="h-5 w-5" aria-hidden />
              </IconToggle>
            ) : reviewMode ? null : (
              <span className="h-9 w-9" aria-hidden />
            )}
          </div>
        </div>
      </div>
      {notesOpen ? (
        <NotesDialog
          title={problem.title}
          notes={problem.notes}
          onClose={() => setNotesOpen(false)}
          onSave={(notes) => actions.change({ problemId: problem.id, notes })}
        />
      ) : null}
    </li>
  );
});
