import { ArrowDown, ArrowUp, ChevronRight } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import type { Direction } from '@/features/admin-subjects/order';

/** A row's moves, for a row menu; absent where the row cannot go (first row up, last row down). */
export interface RowMoves {
  up?: () => void;
  down?: () => void;
}

export interface OrderedItem {
  id: string;
  name: string;
  detail: string;
  icon?: ReactNode;
}

/**
 * Rows with move up/down buttons and caller-supplied actions. With `onSelect` the row's name is a
 * button that selects it. After a move, focus follows the moved row's button (React may re-create
 * the node, and the button at either end gets disabled).
 */
export function OrderedList({
  label,
  items,
  selectedId,
  onSelect,
  onMove,
  actions,
}: {
  label: string;
  items: OrderedItem[];
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  onMove: (item: OrderedItem, direction: Direction) => void;
  /** Edit and delete for the row; on phones they join the moves in one row menu, so names keep the width. */
  actions: (item: OrderedItem, moves: RowMoves) => ReactNode;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const pendingFocus = useRef<{ id: string; direction: Direction; from: number } | null>(null);

  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || items.findIndex((item) => item.id === pending.id) === pending.from) return;
    pendingFocus.current = null;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-move]') ?? [])].filter(
      (button) => button.dataset.move === pending.id,
    );
    const same = buttons.find((button) => button.dataset.direction === pending.direction && !button.disabled);
    (same ?? buttons.find((button) => !button.disabled))?.focus();
  }, [items]);

  const move = (item: OrderedItem, index: number, direction: Direction) => {
    pendingFocus.current = { id: item.id, direction, from: index };
    onMove(item, direction);
  };

  return (
    <ol ref={listRef} aria-label={label} className="flex flex-col gap-2">
      {items.map((item, index) => {
        const selected = item.id === selectedId;
        const summary = (
          <>
            {item.icon}
            <span className="min-w-0 flex-1">
              <span className="block break-words font-medium">{item.name}</span>
              <span className="block text-xs text-muted">{item.detail}</span>
            </span>
          </>
        );
        return (
          <li
            key={item.id}
            data-testid={`row-${item.id}`}
            className={cn(
              'flex flex-wrap items-center gap-1 rounded-xl border border-default p-1.5',
              selected && 'border-brand-500 bg-brand-50 dark:bg-brand-900/40',
            )}
          >
            {onSelect ? (
              <button
                type="button"
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(item.id)}
                className="flex min-w-0 flex-[1_1_10rem] cursor-pointer items-center gap-3 rounded-lg p-1.5 text-left hover:bg-muted"
              >
                {summary}
                <ChevronRight className="hidden h-4 w-4 shrink-0 text-muted sm:block" aria-hidden />
              </button>
            ) : (
              <div className="flex min-w-0 flex-[1_1_10rem] items-center gap-3 p-1.5">{summary}</div>
            )}
            <div className="ml-auto flex shrink-0 items-center">
              <span className="hidden items-center sm:flex">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${item.name} up`}
                  data-move={item.id}
                  data-direction="up"
                  disabled={index === 0}
                  onClick={() => move(item, index, 'up')}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${item.name} down`}
                  data-move={item.id}
                  data-direction="down"
                  disabled={index === items.length - 1}
                  onClick={() => move(item, index, 'down')}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden />
                </Button>
              </span>
              {actions(item, {
                up: index === 0 ? undefined : () => move(item, index, 'up'),
                down: index === items.length - 1 ? undefined : () => move(item, index, 'down'),
              })}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
