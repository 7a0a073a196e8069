import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/components/ui/class-names';
import { FieldError } from '@/components/ui/field';

const WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/**
 * 1 to 5 stars as a native radio group: Tab reaches it once, the arrow keys move between stars,
 * and each star is named ("4 stars, Very good").
 */
export function StarInput({
  value,
  onChange,
  legend = 'Your rating',
  error,
}: {
  value: number;
  onChange: (value: number) => void;
  legend?: string;
  error?: string;
}) {
  const name = useId();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1 flex items-center gap-1" onMouseLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className="relative inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
            onMouseEnter={() => setHover(star)}
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="peer absolute top-0 left-0 h-full w-full cursor-pointer opacity-0"
            />
            <Star
              aria-hidden
              className={cn(
                'h-7 w-7',
                star <= shown ? 'fill-amber-400 text-amber-500' : 'text-slate-400 dark:text-slate-500',
              )}
            />
            <span className="sr-only">
              {star} {star === 1 ? 'star' : 'stars'}, {WORDS[star]}
            </span>
          </label>
        ))}
        <span className="ml-2 text-sm text-muted" aria-hidden>
          {shown ? WORDS[shown] : 'Choose 1 to 5 stars'}
        </span>
      </div>
      <FieldError id={`${name}-error`} className="mt-1">
        {error}
      </FieldError>
    </fieldset>
  );
}
