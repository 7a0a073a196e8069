import { JUDGE_COMPARATORS, JUDGE_TYPES } from '@learnbuild/domain/judge/format';
import type { ManagedJudge } from '@learnbuild/domain/schemas/judge';
import { AxiosError } from 'axios';
import { FileJson, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, FormMessage, TextField } from '@/components/ui/field';
import { MarkdownField } from '@/components/ui/markdown-field';
import { SelectField } from '@/components/ui/select-field';
import { Switch } from '@/components/ui/switch';
import { useSaveJudge } from '@/features/dsa/api/save-judge';
import { useSwitchJudge } from '@/features/dsa/api/switch-judge';
import { useValidateJudge } from '@/features/dsa/api/validate-judge';
import { errorMessage } from '@/lib/api-client';
import { useReportDirty } from '@/lib/use-report-dirty';
import { type CaseActions, JudgeCaseList } from './judge-case-list';
import {
  blankDraft,
  checkDraft,
  type DraftErrors,
  draftContent,
  draftFromSpec,
  EXAMPLES_MAX,
  emptyCase,
  errorAt,
  errorsFromDetails,
  HINTS_MAX,
  type JudgeDraft,
  moveCase,
  newId,
  specFromDraft,
} from './judge-draft';
import { JudgeTextArea } from './judge-text-area';
import { JudgeValidationResults } from './judge-validation-results';

const TESTS_MAX = 200;
const PARAMETERS_MAX = 6;

const COMPARATOR_LABELS: Record<(typeof JUDGE_COMPARATORS)[number], string> = {
  exact: 'Exact: the same value',
  'any-order': 'Any order: the same items in any order',
  float: 'Float: numbers within 1e-5',
};

export interface JudgedProblemRef {
  id: string;
  slug: string;
  title: string;
}

function refusalDetails(error: unknown): unknown {
  return error instanceof AxiosError ? (error.response?.data as { details?: unknown } | undefined)?.details : undefined;
}

function errorSummary(errors: DraftErrors): string | null {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  const [path, message] = entries[0]!;
  const more = entries.length > 1 ? ` (and ${entries.length - 1} more)` : '';
  return `Fix the marked ${entries.length === 1 ? 'field' : 'fields'} before saving: ${path}: ${message}${more}`;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 border-t border-default pt-5">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The judge part of one problem, as a form over its problem file (plus the whole file as JSON): Save, then
 * Validate (the server runs the references against every test), then the switch that turns the judge on.
 */
export function JudgeEditor({
  problem,
  judge,
  onDirtyChange,
  onClose,
}: {
  problem: JudgedProblemRef;
  judge: ManagedJudge | null;
  onDirtyChange: (dirty: boolean) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<JudgeDraft>(() => (judge ? draftFromSpec(judge.spec) : blankDraft(problem.title)));
  const [blankContent] = useState(() => draftContent(draft));
  const savedContent = useMemo(
    () => (judge ? draftContent(draftFromSpec(judge.spec)) : blankContent),
    [judge, blankContent],
  );
  const dirty = draftContent(draft) !== savedContent;
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [jsonOpen, setJsonOpen] = useState(false);
  const [jsonText, setJsonText] = useState('');
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const jsonToggleId = useId();
  const save = useSaveJudge();
  const validate = useValidateJudge();
  const switchJudge = useSwitchJudge();
  const jsonPanelId = useId();
  const validateHintId = useId();

  useReportDirty(dirty, onDirtyChange);
  // A case moved between the lists is drawn anew in the other one: its "Hidden" box keeps the focus.
  useEffect(() => {
    if (focusId) document.getElementById(`${focusId}-hidden`)?.focus();
  }, [focusId]);

  const set = <K extends keyof JudgeDraft>(key: K, value: JudgeDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const caseActions = useMemo<CaseActions>(
    () => ({
      change: (kind, id, patch) =>
        setDraft((current) => ({
          ...current,
          [kind]: current[kind].map((item) => (item.id === id ? { ...item, ...patch } : item)),
        })),
      move: (id, hidden) => {
        setDraft((current) => moveCase(current, id, hidden));
        setFocusId(id);
      },
      remove: (kind, id) =>
        setDraft((current) => ({ ...current, [kind]: current[kind].filter((item) => item.id !== id) })),
    }),
    [],
  );
  const addCase = useCallback(
    (kind: 'examples' | 'tests') => setDraft((current) => ({ ...current, [kind]: [...current[kind], emptyCase()] })),
    [],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft, problem);
    setErrors(checked.errors);
    setStatus(null);
    if (!checked.spec) {
      setFormError(errorSummary(checked.errors));
      return;
    }
    setFormError(null);
    save.mutate(
      { problemId: problem.id, spec: checked.spec },
      {
        onSuccess: (data) => {
          setDraft(draftFromSpec(data.judge.spec));
          setStatus(data.message);
        },
        onError: (error) => {
          setErrors(errorsFromDetails(refusalDetails(error)));
          setFormError(errorMessage(error, 'The judge could not be saved'));
        },
      },
    );
  };

  const openJson = () => {
    const { spec, errors: jsonErrors } = specFromDraft(draft);
    const complete = Object.keys(jsonErrors).length === 0;
    setJsonText(complete ? JSON.stringify(spec, null, 2) : judge ? JSON.stringify(judge.spec, null, 2) : '');
    setJsonError(null);
    setJsonOpen(true);
  };

  const applyJson = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(jsonText);
    } catch (error) {
      setJsonError(`Not valid JSON: ${error instanceof Error ? error.message : 'it could not be read'}`);
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      setJsonError('The problem file is a JSON object: {"statement": …, "functionName": …, …}');
      return;
    }
    setDraft(draftFromSpec(parsed as Record<string, unknown>));
    setErrors({});
    setFormError(null);
    setJsonOpen(false);
    setStatus('The form now holds this file. Save to keep it.');
    document.getElementById(jsonToggleId)?.focus();
  };

  const validation = judge?.validation ?? null;
  const validateBlocked = !judge
    ? 'Save the judge first.'
    : dirty
      ? 'Save your changes first: Validate runs the saved judge.'
      : null;
  const switchDescription = judge?.enabled
    ? 'On: learners solve this problem on its own page. Turning it off hides that page.'
    : !judge
      ? 'Off. Save the judge and Validate it: it can be turned on once its own references pass every test.'
      : validation?.valid
        ? 'Off. The saved judge passed Validate: turn it on to give the problem its own page.'
        : 'Off. Validate first: the judge can be turned on only once its own references pass every test.';
  const parameterNames = draft.parameters.map((parameter) => parameter.name.trim());

  return (
    <div className="flex flex-col gap-5">
      <section aria-label="Validate and switch on" className="flex flex-col gap-4 rounded-xl bg-muted p-4">
        <Switch
          label="Judge on"
          description={switchDescription}
          checked={judge?.enabled ?? false}
          disabled={!judge || switchJudge.isPending || (!judge.enabled && !validation?.valid)}
          onCheckedChange={(enabled) => switchJudge.mutate({ problemId: problem.id, enabled })}
        />
        {switchJudge.isError ? (
          <FormMessage message={errorMessage(switchJudge.error, 'The judge could not be switched')} tone="error" />
        ) : null}
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              onClick={() => validate.mutate(problem.id)}
              disabled={validateBlocked !== null || validate.isPending}
              aria-describedby={validateBlocked ? validateHintId : undefined}
            >
              {validate.isPending ? 'Validating…' : 'Validate'}
            </Button>
            <p id={validateHintId} className="text-sm text-muted" aria-live="polite">
              {validate.isPending
                ? 'Running the reference solutions against every test…'
                : (validateBlocked ?? 'Runs the reference solutions against every test on the server.')}
            </p>
          </div>
          {validate.isError ? (
            <FormMessage message={errorMessage(validate.error, 'The judge could not be validated')} tone="error" />
          ) : null}
          {judge && validation ? <JudgeValidationResults validation={validation} spec={judge.spec} /> : null}
        </div>
      </section>

      <div className="flex flex-col gap-3">
        <div>
          <Button
            id={jsonToggleId}
            variant="secondary"
            size="sm"
            aria-expanded={jsonOpen}
            aria-controls={jsonPanelId}
            onClick={() => (jsonOpen ? setJsonOpen(false) : openJson())}
          >
            <FileJson className="h-4 w-4" aria-hidden /> Start from JSON
          </Button>
        </div>
        {jsonOpen ? (
          <div id={jsonPanelId} className="flex flex-col gap-3">
            <JudgeTextArea
              code
              rows={12}
              label="The whole problem file (JSON)"
              hint="Paste a problem file (as in apps/api/content/dsa/judge) or edit this one; “Use this JSON” fills the form. Its slug and title are the problem's own."
              value={jsonText}
              error={jsonError ?? undefined}
              onChange={(event) => setJsonText(event.target.value)}
            />
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={applyJson}>
                Use this JSON
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setJsonOpen(false)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
      </div>

      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <Section title="Statement">
          <MarkdownField
            label="Statement (Markdown)"
            value={draft.statement}
            onChange={(value) => set('statement', value)}
            error={errorAt(errors, 'spec.statement')}
            rows={8}
          />
          <JudgeTextArea
            label="Constraints (one a line, Markdown)"
            rows={3}
            value={draft.constraints}
            placeholder="`1 <= n <= 45`"
            error={errorAt(errors, 'spec.constraints')}
            onChange={(event) => set('constraints', event.target.value)}
          />
        </Section>

        <Section title="Signature">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Function name (camelCase; Python gets snake_case)"
              value={draft.functionName}
              error={errorAt(errors, 'spec.functionName')}
              onChange={(event) => set('functionName', event.target.value)}
              spellCheck={false}
            />
            <SelectField
              label="Return type"
              value={draft.returnType}
              options={JUDGE_TYPES}
              error={errorAt(errors, 'spec.returnType')}
              onChange={(event) => set('returnType', event.target.value)}
            />
          </div>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">Parameters</legend>
            <FieldError>{errors['spec.parameters']}</FieldError>
            <ol className="flex flex-col gap-3">
              {draft.parameters.map((parameter, index) => (
                <li key={parameter.id} className="flex flex-wrap items-start gap-3">
                  <TextField
                    className="min-w-32 flex-1"
                    label={`Parameter ${index + 1}: name`}
                    value={parameter.name}
                    spellCheck={false}
                    error={errorAt(errors, `spec.parameters.${index}.name`)}
                    onChange={(event) =>
                      set(
                        'parameters',
                        draft.parameters.map((item) =>
                          item.id === parameter.id ? { ...item, name: event.target.value } : item,
                        ),
                      )
                    }
                  />
                  <SelectField
                    className="min-w-32 flex-1"
                    label={`Parameter ${index + 1}: type`}
                    value={parameter.type}
                    options={JUDGE_TYPES}
                    error={errorAt(errors, `spec.parameters.${index}.type`)}
                    onChange={(event) =>
                      set(
                        'parameters',
                        draft.parameters.map((item) =>
                          item.id === parameter.id ? { ...item, type: event.target.value } : item,
                        ),
                      )
                    }
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    className="mt-7"
                    aria-label={`Remove parameter ${index + 1}`}
                    disabled={draft.parameters.length <= 1}
                    onClick={() =>
                      set(
                        'parameters',
                        draft.parameters.filter((item) => item.id !== parameter.id),
                      )
                    }
                  >
                    <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                  </Button>
                </li>
              ))}
            </ol>
            <div>
              <Button
                variant="secondary"
                size="sm"
                disabled={draft.parameters.length >= PARAMETERS_MAX}
                onClick={() => set('parameters', [...draft.parameters, { id: newId(), name: '', type: 'int' }])}
              >
                <Plus className="h-4 w-4" aria-hidden /> Add a parameter
              </Button>
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Comparator"
              value={draft.comparator}
              options={JUDGE_COMPARATORS.map((value) => ({ value, label: COMPARATOR_LABELS[value] }))}
              error={errorAt(errors, 'spec.comparator')}
              onChange={(event) => set('comparator', event.target.value)}
            />
            <TextField
              label="Time limit per test (ms)"
              type="number"
              inputMode="numeric"
              min={100}
              max={10_000}
              step={100}
              value={draft.timeLimitMs}
              error={errorAt(errors, 'spec.timeLimitMs')}
              onChange={(event) => set('timeLimitMs', event.target.value)}
            />
          </div>
        </Section>

        <Section title="Tests">
          <JudgeCaseList
            kind="examples"
            items={draft.examples}
            errors={errors}
            parameterNames={parameterNames}
            max={EXAMPLES_MAX}
            onAdd={() => addCase('examples')}
            actions={caseActions}
          />
          <JudgeCaseList
            kind="tests"
            items={draft.tests}
            errors={errors}
            parameterNames={parameterNames}
            max={TESTS_MAX}
            onAdd={() => addCase('tests')}
            actions={caseActions}
          />
        </Section>

        <Section title="Hints">
          <p className="text-sm text-muted">
            Up to {HINTS_MAX}, revealed one at a time; say in each what it gives away.
          </p>
          <FieldError>{errors['spec.hints']}</FieldError>
          {draft.hints.length > 0 ? (
            <ol className="flex flex-col gap-3">
              {draft.hints.map((hint, index) => (
                // Hints have no identity of their own; their order is what a learner sees.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index} className="flex items-start gap-2">
                  <JudgeTextArea
                    className="flex-1"
                    label={`Hint ${index + 1}`}
                    value={hint}
                    error={errorAt(errors, `spec.hints.${index}`)}
                    onChange={(event) =>
                      set(
                        'hints',
                        draft.hints.map((item, at) => (at === index ? event.target.value : item)),
                      )
                    }
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    className="mt-7"
                    aria-label={`Remove hint ${index + 1}`}
                    onClick={() =>
                      set(
                        'hints',
                        draft.hints.filter((_, at) => at !== index),
                      )
                    }
                  >
                    <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                  </Button>
                </li>
              ))}
            </ol>
          ) : null}
          <div>
            <Button
              variant="secondary"
              size="sm"
              disabled={draft.hints.length >= HINTS_MAX}
              onClick={() => set('hints', [...draft.hints, ''])}
            >
              <Plus className="h-4 w-4" aria-hidden /> Add a hint
            </Button>
          </div>
        </Section>

        <Section title="Editorial">
          <MarkdownField
            label="Approach (Markdown)"
            value={draft.approach}
            onChange={(value) => set('approach', value)}
            error={errorAt(errors, 'spec.editorial.approach')}
            rows={6}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Time complexity"
              value={draft.timeComplexity}
              placeholder="O(n)"
              error={errorAt(errors, 'spec.editorial.complexity.time')}
              onChange={(event) => set('timeComplexity', event.target.value)}
            />
            <TextField
              label="Space complexity"
              value={draft.spaceComplexity}
              placeholder="O(1)"
              error={errorAt(errors, 'spec.editorial.complexity.space')}
              onChange={(event) => set('spaceComplexity', event.target.value)}
            />
          </div>
          {(['javascript', 'python'] as const).map((language) => {
            const name = language === 'javascript' ? 'JavaScript' : 'Python';
            const reference = (draft.rest.references as Record<string, unknown> | undefined)?.[language];
            return (
              <JudgeTextArea
                key={language}
                code
                rows={10}
                label={`${name} solution`}
                hint={
                  typeof reference === 'string'
                    ? `Shown in the editorial. Validate runs the file's own references.${language} (edit it in the JSON).`
                    : 'Shown in the editorial, and the reference solution Validate runs against every test.'
                }
                value={draft[language]}
                error={
                  errorAt(errors, `spec.editorial.solutions.${language}`) ??
                  errorAt(errors, `spec.references.${language}`)
                }
                onChange={(event) => set(language, event.target.value)}
              />
            );
          })}
        </Section>

        <div className="flex flex-col gap-3 border-t border-default pt-5">
          <FormMessage message={formError} tone="error" />
          <FormMessage message={status} tone="success" />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}
