import { type BankQuestion, QUESTION_KIND_LABEL } from '@learnbuild/domain/schemas/question-bank';
import { Library, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Markdown } from '@/components/ui/markdown';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useDeleteBankQuestion } from '@/features/course-editor/api/delete-bank-question';
import { useBankQuestions } from '@/features/course-editor/api/get-bank-questions';
import { useSaveBankQuestion } from '@/features/course-editor/api/save-bank-question';
import { errorMessage } from '@/lib/api-client';
import { BankQuestionForm } from './bank-question-form';

/** The key in words, for the list: which options are right, which answers are accepted, what is printed. */
function keyText(question: BankQuestion): string {
  const answer = question.answer;
  const letter = (index: number) => 'ABCDEFGH'[index] ?? String(index + 1);
  if ('option' in answer) return `Correct: ${letter(answer.option)}`;
  if ('options' in answer) return `Correct: ${answer.options.map(letter).join(', ')}`;
  if ('accept' in answer) {
    const parts = answer.accept.length > 0 ? [`Accepts: ${answer.accept.join(' · ')}`] : [];
    if (answer.pattern) parts.push(`Pattern: ${answer.pattern}`);
    return parts.join('; ');
  }
  return `Prints: ${answer.output.trim().split('\n').join(' ⏎ ')}`;
}

/**
 * The course's question bank: every question with its kind, key, tags and version, filtered by tag; add, edit
 * (which raises the version) and delete (which archives: attempts keep what they drew).
 */
export function QuestionBank({ courseId }: { courseId: string }) {
  const toast = useToast();
  const [tag, setTag] = useState<string | null>(null);
  const bank = useBankQuestions(courseId, tag);
  const save = useSaveBankQuestion();
  const remove = useDeleteBankQuestion();
  const [editing, setEditing] = useState<BankQuestion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BankQuestion | null>(null);

  if (editing) {
    const question = editing === 'new' ? null : editing;
    return (
      <Card className="p-4 sm:p-6" data-testid="bank-question-editor">
        <h2 className="mb-5 text-xl font-semibold">
          {question ? `Edit question (version ${question.version})` : 'New question'}
        </h2>
        {question ? (
          <p className="mb-5 text-sm text-muted">
            Attempts already made keep the question as they drew it, so their grades do not change.
          </p>
        ) : null}
        <BankQuestionForm
          question={question}
          saving={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={async (body) => {
            await save.mutateAsync({ courseId, questionId: question?.id ?? null, body });
            toast(question ? 'Question saved' : 'Question added to the bank', 'success');
            setEditing(null);
          }}
        />
      </Card>
    );
  }

  const data = bank.data;
  const tagOptions = [
    { value: '', label: `All questions${data ? ` (${data.activeCount})` : ''}` },
    ...(data?.tags ?? []).map((entry) => ({ value: entry.tag, label: `${entry.tag} (${entry.count})` })),
  ];

  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-6" data-testid="question-bank">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold">Question bank</h2>
          <p className="mt-1 text-sm text-muted">
            Quiz lessons set to draw from the bank pick their questions here, at random for each attempt.
          </p>
        </div>
        <Button onClick={() => setEditing('new')} className="shrink-0">
          <Plus className="h-4 w-4" aria-hidden /> Add question
        </Button>
      </div>
      {data && data.activeCount > 0 ? (
        <SelectField
          label="Show"
          className="sm:max-w-xs"
          options={tagOptions}
          value={tag ?? ''}
          onChange={(event) => setTag(event.target.value || null)}
        />
      ) : null}
      {bank.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : bank.isError ? (
        <InlineLoadError
          error={bank.error}
          fallback="The question bank could not be loaded"
          onRetry={() => void bank.refetch()}
        />
      ) : bank.data.questions.length === 0 ? (
        <EmptyState icon={Library} title={tag ? `No questions tagged “${tag}”` : 'No questions in the bank yet'}>
          {tag
            ? 'Choose another tag, or tag more questions.'
            : 'Add single or multiple choice, short text and code output questions, then set a quiz lesson to draw from them.'}
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Questions">
          {bank.data.questions.map((question, index) => (
            <li key={question.id} className="rounded-xl border border-default p-4" data-testid="bank-question">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-semibold text-muted">{index + 1}.</span>
                <Badge tone="brand">{QUESTION_KIND_LABEL[question.kind]}</Badge>
                {question.version > 1 ? <Badge>Version {question.version}</Badge> : null}
                {question.tags.map((name) => (
                  <Badge key={name} tone="neutral">
                    #{name}
                  </Badge>
                ))}
              </div>
              <Markdown className="mt-2 text-sm">{question.prompt}</Markdown>
              {question.options.length > 0 ? (
                <ol className="mt-2 flex list-[upper-alpha] flex-col gap-1 pl-6 text-sm">
                  {question.options.map((option, at) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by their place
                    <li key={at}>
                      <Markdown className="[&>*]:my-0! [&>*]:leading-6!">{option}</Markdown>
                    </li>
                  ))}
                </ol>
              ) : null}
              <p className="mt-2 text-sm font-medium text-emerald-800 break-words dark:text-emerald-300">
                {keyText(question)}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => setEditing(question)}>
                  <Pencil className="h-4 w-4" aria-hidden /> Edit<span className="sr-only"> question {index + 1}</span>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 dark:text-red-300"
                  onClick={() => setDeleting(question)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden /> Delete
                  <span className="sr-only"> question {index + 1}</span>
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {deleting ? (
        <ConfirmDialog
          title="Delete this question?"
          description="Quizzes stop drawing it. Attempts that already drew it keep it, with their grades."
          confirmLabel="Delete question"
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(
              { courseId, questionId: deleting.id },
              {
                onSuccess: (reply) => toast(reply.message, 'success'),
                onError: (error) => toast(errorMessage(error, 'The question could not be deleted'), 'error'),
                onSettled: () => setDeleting(null),
              },
            )
          }
        />
      ) : null}
    </Card>
  );
}
