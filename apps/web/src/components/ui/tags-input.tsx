import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';

/**
 * Tags typed one at a time: Enter or a comma adds the tag, Backspace in the empty box removes the last.
 * Tags are kept in lower case and without repeats, as the server stores them.
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
}: {
  value: readonly string[];
  onChange: (tags: string[]) => void;
  error?: string;
  label?: string;
  maxTags: number;
  maxTagLength: number;
  placeholder: string;
  /** Said under the box, before "N of M used." */
  hint: string;
  /** Shown as "#tag", and a typed leading '#' is dropped. */
  hashTags?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const full = value.length >= maxTags;

  /** Adds each comma-separated tag of `text` that is new, up to the limit. */
  const addAll = (text: string) => {
    const next = [...value];
    for (const part of text.split(',')) {
      const trimmed = part.trim().toLowerCase();
      const tag = hashTags ? trimmed.replace(/^#+/, '') : trimmed;
      if (tag && !next.includes(tag) && next.length < maxTags) next.push(tag);
    }
    if (next.length !== value.length) onChange(next);
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
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
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
                className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-700 dark:bg-brand-900 dark:text-brand-100"
              >
                {hashTags ? `#${tag}` : tag}
                <button
                  type="button"
                  onClick={() => onChange(value.filter((other) => other !== tag))}
                  aria-label={`Remove tag ${tag}`}
                  className="inline-flex h-6 w-6 cursor-pointer items-center justify-center rounded-full hover:bg-brand-200 dark:hover:bg-brand-700"
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
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
