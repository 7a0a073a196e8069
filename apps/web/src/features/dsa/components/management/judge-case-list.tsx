import { Plus, Trash2 } from 'lucide-react';
import { memo, useId } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, TextField } from '@/components/ui/field';
import { type DraftCase, type DraftErrors, errorAt } from './judge-draft';
import { JudgeTextArea } from './judge-text-area';

type Kind = 'examples' | 'tests';

export interface CaseActions {
  change: (kind: Kind, id: string, patch: Partial<DraftCase>) => void;
  /** Moves a case to the other list: `hidden` true sends an example to the hidden tests. */
  move: (id: string, hidden: boolean) => void;
  remove: (kind: Kind, id: string) => void;
}

const CaseRow = memo(function CaseRow({
  kind,
  item,
  index,
  argsPlaceholder,
  argsError,
  expectedError,
  textError,
  actions,
}: {
  kind: Kind;
  item: DraftCase;
  index: number;
  argsPlaceholder: string;
  argsError?: string;
  expectedError?: string;
  textError?: string;
  actions: CaseActions;
}) {
  const name = kind === 'examples' ? `Example ${index + 1}` : `Hidden test ${index + 1}`;
  const hidden = kind === 'tests';
  return (
    <li className="rounded-xl border border-default p-3 sm:p-4" data-testid={`judge-${kind}-row`}>
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="sr-only">{name}</legend>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-semibold" aria-hidden>
            {name}
          </p>
          <div className="flex items-center gap-1">
            <label className="inline-flex min-h-8 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm">
              <input
                id={`${item.id}-hidden`}
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={hidden}
                onChange={(event) => actions.move(item.id, event.target.checked)}
                aria-label={`Hidden: ${name}`}
              />
              Hidden
            </label>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${name.toLowerCase()}`}
              onClick={() => actions.remove(kind, item.id)}
            >
              <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
              <span className="hidden sm:inline">Remove</span>
            </Button>
          </div>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <JudgeTextArea
            code
            label={`${name}: arguments (JSON)`}
            value={item.args}
            placeholder={argsPlaceholder}
            error={argsError}
            onChange={(event) => actions.change(kind, item.id, { args: event.target.value })}
          />
          <JudgeTextArea
            code
            label={`${name}: expected answer (JSON)`}
            value={item.expected}
            placeholder="[0, 1]"
            error={expectedError}
            onChange={(event) => actions.change(kind, item.id, { expected: event.target.value })}
          />
        </div>
        {kind === 'examples' ? (
          <JudgeTextArea
            label={`${name}: explanation (Markdown, shown to learners)`}
            value={item.explanation}
            error={textError}
            onChange={(event) => actions.change(kind, item.id, { explanation: event.target.value })}
          />
        ) : (
          <TextField
            label={`${name}: note (for authors; learners never see it)`}
            value={item.note}
            error={textError}
            maxLength={200}
            placeholder="largest n"
            onChange={(event) => actions.change(kind, item.id, { note: event.target.value })}
          />
        )}
      </fieldset>
    </li>
  );
});

/** The examples (shown to learners, judged first) or the hidden tests, each editable, removable and movable. */
export function JudgeCaseList({
  kind,
  items,
  errors,
  parameterNames,
  max,
  onAdd,
  actions,
}: {
  kind: Kind;
  items: readonly DraftCase[];
  errors: DraftErrors;
  parameterNames: readonly string[];
  max: number;
  onAdd: () => void;
  actions: CaseActions;
}) {
  const headingId = useId();
  const argsPlaceholder = `{${parameterNames.map((name) => `"${name || 'name'}": …`).join(', ')}}`;
  const title = kind === 'examples' ? 'Examples' : 'Hidden tests';
  const listError = errors[`spec.${kind}`];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div>
        <h3 id={headingId} className="text-base font-semibold">
          {title} <span className="font-normal text-muted">· {items.length}</span>
        </h3>
        <p className="text-sm text-muted">
          {kind === 'examples'
            ? 'Shown on the problem page and run by Run; judged first on Submit. One to five.'
            : 'Judged on Submit after the examples; a learner sees only the number of a failing one. Arguments may be generators, e.g. {"$gen": "ints", "count": 100000, "min": 1, "max": 1000000000, "seed": 7}.'}{' '}
          Arguments are a JSON object by parameter name. Tick “Hidden” to move a case to the other list.
        </p>
        <FieldError>{listError}</FieldError>
      </div>
      {items.length > 0 ? (
        <ol className="flex flex-col gap-3">
          {items.map((item, index) => (
            <CaseRow
              key={item.id}
              kind={kind}
              item={item}
              index={index}
              argsPlaceholder={argsPlaceholder}
              argsError={errorAt(errors, `spec.${kind}.${index}.args`)}
              expectedError={errorAt(errors, `spec.${kind}.${index}.expected`)}
              textError={errorAt(errors, `spec.${kind}.${index}.${kind === 'examples' ? 'explanation' : 'note'}`)}
              actions={actions}
            />
          ))}
        </ol>
      ) : null}
      <div>
        <Button variant="secondary" size="sm" onClick={onAdd} disabled={items.length >= max}>
          <Plus className="h-4 w-4" aria-hidden /> {kind === 'examples' ? 'Add an example' : 'Add a hidden test'}
        </Button>
      </div>
    </section>
  );
}
