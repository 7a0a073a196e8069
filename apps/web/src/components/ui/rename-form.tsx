import { Check, X } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from './button';
import { cn } from './class-names';
import { TextField } from './field';

/** A row's name edited in place: the box (focused) with Save and Cancel beside it. */
export function RenameForm({
  label,
  value,
  onChange,
  error,
  busy,
  onSubmit,
  onCancel,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  className?: string;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className={cn('flex flex-1 flex-wrap items-start gap-2', className)}>
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        className="min-w-48 flex-1"
        autoFocus
      />
      <div className="flex gap-1 pt-7">
        <Button type="submit" size="sm" disabled={busy}>
          <Check className="h-4 w-4" aria-hidden /> Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          <X className="h-4 w-4" aria-hidden /> Cancel
        </Button>
      </div>
    </form>
  );
}
