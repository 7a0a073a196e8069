import { type ReactElement, type ReactNode, useRef, useState } from 'react';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';

/**
 * A button that opens a dialog. The dialog's content mounts on each opening, so forms start
 * fresh, and closing returns focus to the button. Content that reports unsaved work through
 * `setDirty` is only dismissed (Escape, outside click, the X) after the user agrees to discard it.
 */
export function DialogButton({
  trigger,
  title,
  description,
  className,
  children,
  open: openFromOutside,
  onOpenChange,
  onCloseAutoFocus,
}: {
  trigger: ReactElement;
  title: string;
  description?: string;
  className?: string;
  children: (close: () => void, setDirty: (dirty: boolean) => void) => ReactNode;
  /** Set to open it from elsewhere too (a row menu), with `onOpenChange` to hear about closing. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openFromOutside ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  const dirty = useRef(false);
  const changeOpen = (next: boolean) => {
    if (!next && dirty.current && !window.confirm('Discard your unsaved changes?')) return;
    dirty.current = false;
    setOpen(next);
  };
  const close = () => {
    dirty.current = false;
    setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={title} description={description} className={className} onCloseAutoFocus={onCloseAutoFocus}>
        {children(close, (value) => {
          dirty.current = value;
        })}
      </DialogContent>
    </Dialog>
  );
}
