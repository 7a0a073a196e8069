import {
  COMMUNITY_CATEGORIES,
  createThreadBodySchema,
  THREAD_TAG_MAX,
  THREAD_TAGS_MAX,
  THREAD_TITLE_MAX,
} from '@learnbuild/domain/schemas/community';
import { AxiosError } from 'axios';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage, TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { normalizeTag, TagsInput } from '@/components/ui/tags-input';
import { errorMessage } from '@/lib/api-client';
import { useReportDirty } from '@/lib/use-report-dirty';
import { PostBodyField } from './post-body-field';

export interface ThreadValues {
  title: string;
  category: string;
  tags: string[];
  body: string;
}

type Field = keyof ThreadValues;
type Errors = Partial<Record<Field, string>>;

const FIELDS: Field[] = ['title', 'category', 'tags', 'body'];
const CATEGORY_OPTIONS = COMMUNITY_CATEGORIES.map((category) => ({ value: category.slug, label: category.name }));

/** The first message per field, from the schema's issues or the server's 400 details. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path.split('.') : issue.path.map(String);
    const field = FIELDS.find((name) => name === path[0] || (path[0] === 'body' && path[1] === name));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A thread's title, category, tags and markdown body, checked with the same schema the server uses.
 * Used to start a thread (in a dialog) and to edit one in place.
 */
export function ThreadForm({
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
  onDirty,
}: {
  initial: ThreadValues;
  submitLabel: string;
  busyLabel: string;
  /** Rejects with the server's refusal, which the form shows. */
  onSubmit: (values: ThreadValues) => Promise<unknown>;
  onCancel: () => void;
  onDirty?: (dirty: boolean) => void;
}) {
  const [values, setValues] = useState(initial);
  const [tagDraft, setTagDraft] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const dirty =
    values.title !== initial.title ||
    values.body !== initial.body ||
    values.category !== initial.category ||
    values.tags.join() !== initial.tags.join() ||
    tagDraft.trim() !== '';
  useReportDirty(dirty, onDirty);

  const set = <K extends Field>(field: K, value: ThreadValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusFirst = (found: Errors) => {
    if (found.title) titleRef.current?.focus();
    else if (found.body) bodyRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // What is still typed in the tag box counts as a tag.
    const pending = normalizeTag(tagDraft, true);
    const tags = pending && !values.tags.includes(pending) ? [...values.tags, pending] : values.tags;
    const candidate = { ...values, tags };
    setValues(candidate);
    setTagDraft('');
    const parsed = createThreadBodySchema.safeParse(candidate);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      setErrors(found);
      focusFirst(found);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const details = error instanceof AxiosError ? (error.response?.data as { details?: unknown })?.details : null;
      const found = Array.isArray(details) ? fieldErrors(details) : {};
      setErrors(found);
      setFailure(errorMessage(error, 'Could not save the thread'));
      focusFirst(found);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField
        ref={titleRef}
        label="Title"
        value={values.title}
        maxLength={THREAD_TITLE_MAX}
        onChange={(event) => set('title', event.target.value)}
        error={errors.title}
        placeholder="e.g. Why does my BFS visit a node twice?"
        autoComplete="off"
      />
      <SelectField
        label="Category"
        value={values.category}
        options={CATEGORY_OPTIONS}
        onChange={(event) => set('category', event.target.value)}
        error={errors.category}
      />
      <TagsInput
        label={
          <>
            Tags <span className="font-normal text-muted">(optional)</span>
          </>
        }
        value={values.tags}
        onChange={(tags) => set('tags', tags)}
        draft={tagDraft}
        onDraftChange={setTagDraft}
        error={errors.tags}
        maxTags={THREAD_TAGS_MAX}
        maxTagLength={THREAD_TAG_MAX}
        placeholder="e.g. graphs, sql"
        hint={`Enter or a comma adds a tag; up to ${THREAD_TAGS_MAX}.`}
        hashTags
      />
      <PostBodyField
        ref={bodyRef}
        label="Body"
        value={values.body}
        onChange={(body) => set('body', body)}
        error={errors.body}
        rows={10}
        placeholder={
          'What are you trying to do, what did you try, and where does it break?\n\n```python\n# the smallest code that shows it\n```'
        }
      />
      <div aria-live="polite">{failure ? <FormMessage message={failure} tone="error" /> : null}</div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
