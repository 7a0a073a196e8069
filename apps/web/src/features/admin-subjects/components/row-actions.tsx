import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogButton } from './dialog-button';

/** A row's Edit and Delete buttons, each opening its dialog. */
export function RowActions({
  name,
  editClassName,
  edit,
  deleteWarning,
  confirmDelete,
}: {
  name: string;
  editClassName?: string;
  edit: (close: () => void, setDirty: (dirty: boolean) => void) => ReactNode;
  deleteWarning: string;
  confirmDelete: (close: () => void) => ReactNode;
}) {
  return (
    <>
      <DialogButton
        title={`Edit ${name}`}
        className={editClassName}
        trigger={
          <Button variant="ghost" size="icon" aria-label={`Edit ${name}`}>
            <Pencil className="h-4 w-4" aria-hidden />
          </Button>
        }
      >
        {edit}
      </DialogButton>
      <DialogButton
        title={`Delete ${name}?`}
        description={`${deleteWarning} This cannot be undone.`}
        trigger={
          <Button variant="ghost" size="icon" aria-label={`Delete ${name}`}>
            <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
          </Button>
        }
      >
        {confirmDelete}
      </DialogButton>
    </>
  );
}
