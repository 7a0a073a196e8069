import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { FieldError } from './field';

/**
 * Tags typed one at a time: Enter or a comma adds the tag, Backspace in the empty box removes the last.
 * Tags are kept in lower case and without repeats, as the server stores them. The half-typed tag is kept
 * here, or by the form when it passes `draft` and `onDraftChange` (so that saving can add what is still
 * in the box).
 */
export function TagsInput({
  value,
  onChange,
  error,
  label = 'Tags',
  maxTags,
  maxTagLength,
  placeholder,
  hint,
  hashTags = false,
  draft: controlledDraft,
  onDraftChange,
}: {
  value: readonly string[];
  onChange: (tags: string[]) => void;
  error?: string;
  label?: ReactNode;
  maxTags: number;
  maxTagLength: number;
  placeholder: string;
  /** Said under the box, before "N of M used." */
  hint: string;
  /** Shown as "#tag", and a typed leading '#' is dropped. */
  hashTags?: boolean;
  draft?: string;
  onDraftChange?: (text: string) => void;
}) {
  const id = useId();
  const [ownDraft, setOwnDraft] = useState('');
  const draft = controlledDraft ?? ownDraft;
  const setDraft = onDraftChange ?? setOwnDraft;
  const [removed, setRemoved] = useState('');
  const full = value.length >= maxTags;

  /** Adds each comma-separated tag of `text` that is new, up to the limit. */
  const addAll = (text: string) => {
    const next = [...value];
    for (const part of text.split(',')) {
      const tag = normalizeTag(part, hashTags);
      if (tag && !next.includes(tag) && next.length < maxTags) next.push(tag);
    }
    if (next.length !== value.length) onChange(next);
  };
  const remove = (tag: string) => {
    setRemoved(`Removed tag ${tag}`);
    onChange(value.filter((other) => other !== tag));
  };
  const add = () => {
    addAll(draft);
    setDraft('');
  };
  // A typed or pasted comma ends a tag: what is before it is added, the rest stays in the box.
  const type = (text: string) => {
    const cut = text.lastIndexOf(',');
    if (cut < 0) return setDraft(text);
    addAll(text.slice(0, cut));
    setDraft(text.slice(cut + 1).trimStart());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '') {
      const last = value.at(-1);
      if (last !== undefined) remove(last);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border border-default bg-[var(--surface)] px-2 py-1.5 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30">
        {value.length > 0 ? (
          <ul className="contents" aria-label="Added tags">
            {value.map((tag) => (
              <li
                key={tag}
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-100 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-700 dark:bg-brand-900 dark:text-brand-100"
              >
                <span className="truncate">{hashTags ? `#${tag}` : tag}</span>
                <button
                  type="button"
                  onClick={() => remove(tag)}
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
          maxLength={maxTagLength}
          disabled={full}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={add}
          placeholder={full ? `At most ${maxTags} tags` : placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className="min-w-32 flex-1 bg-transparent px-1 py-1 text-sm text-[var(--text)] placeholder:text-slate-500 focus:outline-none dark:placeholder:text-slate-400"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint} {value.length} of {maxTags} used.
      </p>
      <p className="sr-only" aria-live="polite">
        {removed}
      </p>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A typed tag as the server keeps it: trimmed, lower case and, with `hashTags`, without a leading '#'. */
export function normalizeTag(text: string, hashTags = false): string {
  const trimmed = text.trim().toLowerCase();
  return hashTags ? trimmed.replace(/^#+/, '') : trimmed;
}
