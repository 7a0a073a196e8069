import type { DsaProblem, DsaTopic } from '@learnbuild/domain/schemas/dsa';
import { ArrowDown, ArrowUp, ExternalLink, Gavel, Pencil, Plus, SearchX, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DifficultyBadge } from '@/components/ui/difficulty-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { useDeleteProblem } from '@/features/dsa/api/delete-problem';
import { useReorderProblems } from '@/features/dsa/api/reorder-problems';
import type { ManagedProblem } from '@/features/dsa/api/update-problem';
import { groupBySteps } from '@/features/dsa/components/step-sections';
import { ConfirmDialog } from './confirm-dialog';
import { JudgeEditorDialog } from './judge-editor-dialog';
import { ProblemFormDialog } from './problem-form-dialog';

function matches(problem: DsaProblem, text: string, topic: string) {
  if (topic && problem.topicId !== topic) return false;
  if (!text) return true;
  const needle = text.toLowerCase();
  return (
    problem.title.toLowerCase().includes(needle) ||
    problem.slug.includes(needle) ||
    problem.tags.some((tag) => tag.toLowerCase().includes(needle)) ||
    problem.companies.some((company) => company.toLowerCase().includes(needle))
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="h-8 w-8"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
    >
      {children}
    </Button>
  );
}

/** Every problem by step, with add, edit, its judge, move up/down within the step, and delete. */
export function ProblemsPanel({ problems, topics }: { problems: readonly DsaProblem[]; topics: readonly DsaTopic[] }) {
  const [text, setText] = useState('');
  const [topic, setTopic] = useState('');
  const [editing, setEditing] = useState<ManagedProblem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DsaProblem | null>(null);
  const [judging, setJudging] = useState<DsaProblem | null>(null);
  const reorder = useReorderProblems();
  const remove = useDeleteProblem();
  const searchId = useId();
  const topicId = useId();
  const allGroups = useMemo(() => groupBySteps(problems), [problems]);
  const steps = allGroups.map((g) => g.step);
  const filtered = text.trim() !== '' || topic !== '';
  const groups = useMemo(
    () =>
      allGroups
        .map((group) => ({ ...group, problems: group.problems.filter((p) => matches(p, text.trim(), topic)) }))
        .filter((group) => group.problems.length > 0),
    [allGroups, text, topic],
  );

  /** Swaps a problem with its neighbour in the same step: the two trade positions. */
  const move = (stepProblems: readonly DsaProblem[], index: number, by: -1 | 1) => {
    const other = stepProblems[index + by];
    const current = stepProblems[index];
    if (!other || !current) return;
    reorder.mutate(by === -1 ? [current.id, other.id] : [other.id, current.id]);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={searchId} className="text-xs font-medium text-muted">
            Find a problem
          </label>
          <input
            id={searchId}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Title, slug or tag"
            className="h-10 rounded-lg border border-default bg-[var(--surface)] px-3 text-sm"
          />
        </div>
        <div className="flex flex-col gap-1 sm:w-56">
          <label htmlFor={topicId} className="text-xs font-medium text-muted">
            Topic
          </label>
          <select
            id={topicId}
            value={topic}
            onChange={(e) => setTopic(e.target.value)}
            className="h-10 rounded-lg border border-default bg-[var(--surface)] px-3 text-sm"
          >
            <option value="">All topics</option>
            {topics.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => setEditing('new')} disabled={topics.length === 0}>
          <Plus className="h-4 w-4" aria-hidden /> Add problem
        </Button>
      </div>
      {topics.length === 0 ? (
        <p className="text-sm text-muted">Add a topic in the Topics tab before adding problems.</p>
      ) : null}
      <p className="text-sm text-muted">
        {problems.length} problems in {allGroups.length} steps.
        {filtered
          ? ' Clear the search to move problems up and down.'
          : ' Use the arrows to change the order within a step.'}
      </p>
      {groups.length === 0 ? (
        <EmptyState icon={SearchX} title={problems.length === 0 ? 'No problems yet' : 'No problems match'}>
          {problems.length === 0 ? 'Add a problem or import a JSON or CSV file.' : 'Try another word or topic.'}
        </EmptyState>
      ) : (
        groups.map((group) => (
          <Card key={group.step} className="overflow-hidden">
            <h3 className="border-b border-default bg-muted px-4 py-2.5 text-sm font-semibold">
              {group.step} <span className="font-normal text-muted">· {group.problems.length}</span>
            </h3>
            <ol className="divide-y divide-[var(--border)]">
              {group.problems.map((problem, index) => (
                <li
                  key={problem.id}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5"
                  data-testid="managed-problem"
                >
                  <div className="min-w-0 flex-1 basis-56">
                    <a
                      href={problem.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 text-sm font-medium hover:underline"
                    >
                      {problem.title}
                      <ExternalLink className="h-3 w-3" aria-hidden />
                    </a>
                    <p className="text-xs text-muted">{problem.slug}</p>
                  </div>
                  <Badge>{problem.topic}</Badge>
                  <DifficultyBadge difficulty={problem.difficulty} />
                  {problem.judge ? <Badge tone="green">Judge on</Badge> : null}
                  <div className="ml-auto flex items-center">
                    <IconButton
                      label={`Move up: ${problem.title}`}
                      onClick={() => move(group.problems, index, -1)}
                      disabled={filtered || index === 0 || reorder.isPending}
                    >
                      <ArrowUp className="h-4 w-4" aria-hidden />
                    </IconButton>
                    <IconButton
                      label={`Move down: ${problem.title}`}
                      onClick={() => move(group.problems, index, 1)}
                      disabled={filtered || index === group.problems.length - 1 || reorder.isPending}
                    >
                      <ArrowDown className="h-4 w-4" aria-hidden />
                    </IconButton>
                    <IconButton label={`Edit: ${problem.title}`} onClick={() => setEditing(problem)}>
                      <Pencil className="h-4 w-4" aria-hidden />
                    </IconButton>
                    <IconButton label={`Judge: ${problem.title}`} onClick={() => setJudging(problem)}>
                      <Gavel className="h-4 w-4" aria-hidden />
                    </IconButton>
                    <IconButton label={`Delete: ${problem.title}`} onClick={() => setDeleting(problem)}>
                      <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                    </IconButton>
                  </div>
                </li>
              ))}
            </ol>
          </Card>
        ))
      )}
      {editing ? (
        <ProblemFormDialog
          problem={editing === 'new' ? null : editing}
          topics={topics}
          steps={steps}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {judging ? <JudgeEditorDialog problem={judging} onClose={() => setJudging(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete "${deleting.title}"?`}
          description="It leaves every learner's sheet, bookmarks and counts. Their history is kept, and importing it again brings it back."
          confirmLabel="Delete problem"
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        />
      ) : null}
    </div>
  );
}
