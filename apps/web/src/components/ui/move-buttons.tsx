import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from './button';
import { cn } from './class-names';

/**
 * Move up and Move down for one row of an ordered list, the first's up and the last's down disabled.
 * `data-move` and `data-by` let the list give the focus back to the button once the row has moved.
 */
export function MoveButtons({
  id,
  title,
  index,
  count,
  onMove,
  disabled,
  className = 'h-9 w-9',
}: {
  id: string;
  title: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  disabled?: boolean;
  /** The buttons' size. */
  className?: string;
}) {
  return (
    <>
      {([-1, 1] as const).map((by) => (
        <Button
          key={by}
          variant="ghost"
          size="icon"
          className={cn(className)}
          aria-label={`${by === -1 ? 'Move up' : 'Move down'}: ${title}`}
          data-move={id}
          data-by={by}
          disabled={disabled || index + by < 0 || index + by >= count}
          onClick={() => onMove(by)}
        >
          {by === -1 ? <ArrowUp className="h-4 w-4" aria-hidden /> : <ArrowDown className="h-4 w-4" aria-hidden />}
        </Button>
      ))}
    </>
  );
}
