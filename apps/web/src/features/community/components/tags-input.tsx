import { THREAD_TAG_MAX, THREAD_TAGS_MAX } from '@learnbuild/domain/schemas/community';
import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';

/** A typed tag as the server keeps it: lower case, no leading '#', no spaces at the ends. */
export function normalizeTag(text: string): string {
  return text.trim().toLowerCase().replace(/^#+/, '').slice(0, THREAD_TAG_MAX);
}

/**
 * Tags typed one at a time: Enter or a comma adds the tag, Backspace in the empty box removes the last.
 * The half-typed tag lives with the form (`draft`), so saving adds what is still in the box.
 */
export function TagsInput({
  value,
  onChange,
  draft,
  onDraft,
  error,
}: {
  value: readonly string[];
  onChange: (tags: string[]) => void;
  draft: string;
  onDraft: (text: string) => void;
  error?: string;
}) {
  const id = useId();
  const [removed, setRemoved] = useState('');
  const full = value.length >= THREAD_TAGS_MAX;

  const addAll = (text: string) => {
    const next = [...value];
    for (const part of text.split(',')) {
      const tag = normalizeTag(part);
      if (tag && !next.includes(tag) && next.length < THREAD_TAGS_MAX) next.push(tag);
    }
    if (next.length !== value.length) onChange(next);
  };
  const type = (text: string) => {
    const cut = text.lastIndexOf(',');
    if (cut < 0) return onDraft(text);
    addAll(text.slice(0, cut));
    onDraft(text.slice(cut + 1).trimStart());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      addAll(draft);
      onDraft('');
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      setRemoved(`Removed tag ${value[value.length - 1]}`);
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Tags <span className="font-normal text-muted">(optional)</span>
      </label>
      <div className="flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border border-default bg-[var(--surface)] px-2 py-1.5 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30">
        {value.length > 0 ? (
          <ul className="contents" aria-label="Added tags">
            {value.map((tag) => (
              <li
                key={tag}
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-100 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-700 dark:bg-brand-900 dark:text-brand-100"
              >
                <span className="truncate">#{tag}</span>
                <button
                  type="button"
                  onClick={() => {
                    setRemoved(`Removed tag ${tag}`);
                    onChange(value.filter((other) => other !== tag));
                  }}
                  aria-label={`Remove tag ${tag}`}
                  className="inline-flex h-6 w-6 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-brand-200 dark:hover:bg-brand-700"
                >
                  <X className="h-3.5 w-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={id}
          value={draft}
          maxLength={THREAD_TAG_MAX}
          disabled={full}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            addAll(draft);
            onDraft('');
          }}
          placeholder={full ? `At most ${THREAD_TAGS_MAX} tags` : 'e.g. graphs, sql'}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className="min-w-32 flex-1 bg-transparent px-1 py-1 text-sm text-[var(--text)] placeholder:text-slate-500 focus:outline-none dark:placeholder:text-slate-400"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        Enter or a comma adds a tag; up to {THREAD_TAGS_MAX}. {value.length} of {THREAD_TAGS_MAX} used.
      </p>
      <p className="sr-only" aria-live="polite">
        {removed}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
