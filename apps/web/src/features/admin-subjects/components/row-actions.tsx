import { ArrowDown, ArrowUp, EllipsisVertical, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { DialogButton } from './dialog-button';
import type { RowMoves } from './ordered-list';

/**
 * A row's Edit and Delete buttons, each opening its dialog. On phones the row shows one menu
 * instead ('Actions for …': move up, move down, edit, delete), so the name keeps the row's width.
 */
export function RowActions({
  name,
  moves,
  editClassName,
  edit,
  deleteWarning,
  confirmDelete,
}: {
  name: string;
  moves: RowMoves;
  editClassName?: string;
  edit: (close: () => void, setDirty: (dirty: boolean) => void) => ReactNode;
  deleteWarning: string;
  confirmDelete: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const opener = (which: 'edit' | 'delete') => (next: boolean) => setOpen(next ? which : null);
  /** Opened from the menu, the dialog hands focus back to the menu button, the one visible on a phone. */
  const returnFocus = (event: Event) => {
    if (menuButton.current?.offsetParent) {
      event.preventDefault();
      menuButton.current.focus();
    }
  };
  return (
    <>
      {/* Icon buttons from the sm breakpoint up; below it the row menu opens the same dialogs. */}
      <span className="hidden items-center sm:flex">
        <DialogButton
          title={`Edit ${name}`}
          className={editClassName}
          open={open === 'edit'}
          onOpenChange={opener('edit')}
          onCloseAutoFocus={returnFocus}
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
          open={open === 'delete'}
          onOpenChange={opener('delete')}
          onCloseAutoFocus={returnFocus}
          trigger={
            <Button variant="ghost" size="icon" aria-label={`Delete ${name}`}>
              <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
            </Button>
          }
        >
          {confirmDelete}
        </DialogButton>
      </span>
      <DropdownMenu>
        <DropdownMenuTrigger
          ref={menuButton}
          aria-label={`Actions for ${name}`}
          className={cn(buttonClasses('ghost', 'icon'), 'sm:hidden')}
        >
          <EllipsisVertical className="h-5 w-5" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent aria-label={`Actions for ${name}`}>
          <DropdownMenuItem disabled={!moves.up} onSelect={moves.up} className="data-[disabled]:opacity-50">
            <ArrowUp className="h-4 w-4" aria-hidden /> Move up
          </DropdownMenuItem>
          <DropdownMenuItem disabled={!moves.down} onSelect={moves.down} className="data-[disabled]:opacity-50">
            <ArrowDown className="h-4 w-4" aria-hidden /> Move down
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setOpen('edit')}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setOpen('delete')} className="text-red-600 dark:text-red-400">
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
