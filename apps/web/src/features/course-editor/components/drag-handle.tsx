import { GripVertical } from 'lucide-react';
import type { DragEvent } from 'react';

/** The grab handle of a draggable row; mouse and touch-pen only, the Move buttons do it by keyboard. */
export function DragHandle({
  label,
  ...props
}: {
  label: string;
  draggable: boolean;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
}) {
  return (
    <span
      {...props}
      title={label}
      data-testid="drag-handle"
      className="hidden cursor-grab touch-none items-center self-stretch rounded px-0.5 text-muted hover:bg-muted active:cursor-grabbing sm:inline-flex"
    >
      <GripVertical className="h-4 w-4" aria-hidden />
    </span>
  );
}
