import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import type { DragEvent } from 'react';
import { Button } from '../../../components/ui/button';

/** Move up and Move down for one row; `data-move` lets the list give focus back after the row moved. */
export function MoveButtons({
  id,
  title,
  index,
  count,
  onMove,
  disabled,
}: {
  id: string;
  title: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="h-9 w-9"
        aria-label={`Move up: ${title}`}
        data-move={id}
        data-by="-1"
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp className="h-4 w-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="h-9 w-9"
        aria-label={`Move down: ${title}`}
        data-move={id}
        data-by="1"
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown className="h-4 w-4" aria-hidden />
      </Button>
    </>
  );
}

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
