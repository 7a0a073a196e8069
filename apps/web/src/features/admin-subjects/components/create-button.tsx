import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogButton } from './dialog-button';

/** The "New …" button of a panel, opening its form in a dialog. */
export function CreateButton({
  label,
  description,
  disabled,
  className,
  children,
}: {
  label: string;
  description?: string;
  disabled?: boolean;
  className?: string;
  children: (close: () => void, setDirty: (dirty: boolean) => void) => ReactNode;
}) {
  return (
    <DialogButton
      title={label}
      description={description}
      className={className}
      trigger={
        <Button size="sm" disabled={disabled}>
          <Plus className="h-4 w-4" aria-hidden /> {label}
        </Button>
      }
    >
      {children}
    </DialogButton>
  );
}
