import { DSA_MAX_COMPANIES } from '@learnbuild/domain/constants';
import { DIFFICULTIES } from '@learnbuild/domain/rules/dsa-stats';
import { type DsaTopic, problemInputSchema, slugify } from '@learnbuild/domain/schemas/dsa';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FieldError, FormMessage, TextField } from '@/components/ui/field';
import { useCreateProblem } from '@/features/dsa/api/create-problem';
import { type ManagedProblem, useUpdateProblem } from '@/features/dsa/api/update-problem';
import { errorMessage } from '@/lib/api-client';

interface Values {
  title: string;
  slug: string;
  step: string;
  topicId: string;
  difficulty: string;
  url: string;
  altUrl: string;
  tags: string;
  companies: string;
}

type Errors = Partial<Record<keyof Values, string>>;

const selectClasses =
  'h-10 w-full rounded-lg border border-default bg-[var(--surface)] px-3 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500';

function initialValues(problem: ManagedProblem | null, topics: readonly DsaTopic[], steps: readonly string[]): Values {
  return {
    title: problem?.title ?? '',
    slug: problem?.slug ?? '',
    step: problem?.step ?? steps[0] ?? '',
    topicId: problem?.topicId ?? topics[0]?.id ?? '',
    difficulty: problem?.difficulty ?? 'Easy',
    url: problem?.url ?? '',
    altUrl: problem?.altUrl ?? '',
    tags: problem?.tags.join(', ') ?? '',
    companies: problem?.companies.join(', ') ?? '',
  };
}

function commaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Checks the form with the same schema the server uses, so messages match. */
function validate(values: Values) {
  const parsed = problemInputSchema.safeParse({
    ...values,
    slug: values.slug.trim() || undefined,
    altUrl: values.altUrl.trim() || null,
    tags: commaList(values.tags),
    companies: commaList(values.companies),
  });
  if (parsed.success) return { data: parsed.data, errors: {} as Errors };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Values;
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

function SelectField({
  label,
  value,
  error,
  onChange,
  children,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={selectClasses}
        aria-invalid={error ? true : undefined}
      >
        {children}
      </select>
      <FieldError>{error}</FieldError>
    </div>
  );
}

/** Create or edit one problem. Mounted while open. */
export function ProblemFormDialog({
  problem,
  topics,
  steps,
  onClose,
}: {
  problem: ManagedProblem | null;
  topics: readonly DsaTopic[];
  steps: readonly string[];
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => initialValues(problem, topics, steps));
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateProblem();
  const update = useUpdateProblem();
  const mutation = problem ? update : create;
  const stepListId = useId();
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(values);
    setErrors(result.errors);
    if (!result.data) return;
    const options = { onSuccess: onClose };
    if (problem) update.mutate({ problemId: problem.id, patch: result.data }, options);
    else create.mutate(result.data, options);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={problem ? `Edit "${problem.title}"` : 'Add a problem'}
        description="Learners see changes on their sheet at once."
        className="max-w-2xl"
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <TextField label="Title" value={values.title} onChange={set('title')} error={errors.title} autoFocus />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Slug"
              value={values.slug}
              onChange={set('slug')}
              error={errors.slug}
              placeholder={slugify(values.title) || 'made from the title'}
              hint={<p className="text-xs text-muted">Used to match imports and progress files.</p>}
            />
            <div className="flex flex-col gap-1.5">
              <TextField
                label="Step"
                value={values.step}
                onChange={set('step')}
                error={errors.step}
                list={stepListId}
                hint={<p className="text-xs text-muted">Pick an existing step or type a new one.</p>}
              />
              <datalist id={stepListId}>
                {steps.map((step) => (
                  <option key={step} value={step} />
                ))}
              </datalist>
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Topic"
              value={values.topicId}
              onChange={(v) => setValues({ ...values, topicId: v })}
              error={errors.topicId && 'Choose a topic'}
            >
              {topics.length === 0 ? <option value="">Add a topic first</option> : null}
              {topics.map((topic) => (
                <option key={topic.id} value={topic.id}>
                  {topic.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Difficulty"
              value={values.difficulty}
              onChange={(v) => setValues({ ...values, difficulty: v })}
              error={errors.difficulty}
            >
              {DIFFICULTIES.map((difficulty) => (
                <option key={difficulty} value={difficulty}>
                  {difficulty}
                </option>
              ))}
            </SelectField>
          </div>
          <TextField
            label="Judge link"
            type="url"
            value={values.url}
            onChange={set('url')}
            error={errors.url}
            placeholder="https://leetcode.com/problems/..."
          />
          <TextField
            label="Second link (optional)"
            type="url"
            value={values.altUrl}
            onChange={set('altUrl')}
            error={errors.altUrl}
            placeholder="https://www.geeksforgeeks.org/problems/..."
          />
          <TextField
            label="Tags (comma separated)"
            value={values.tags}
            onChange={set('tags')}
            error={errors.tags}
            placeholder="two-pointers, sorting"
          />
          <TextField
            label="Companies (comma separated)"
            value={values.companies}
            onChange={set('companies')}
            error={errors.companies}
            placeholder="Google, Amazon"
            hint={
              <p className="text-xs text-muted">
                Companies widely known to ask it, up to {DSA_MAX_COMPANIES}. Learners filter the sheet by them.
              </p>
            }
          />
          {mutation.isError ? (
            <FormMessage message={errorMessage(mutation.error, 'The problem could not be saved')} tone="error" />
          ) : null}
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving...' : problem ? 'Save changes' : 'Add problem'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
