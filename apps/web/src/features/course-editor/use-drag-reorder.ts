import { type DragEvent, useState } from 'react';
import { dropOrder } from './curriculum-order';

/**
 * Native HTML5 drag and drop inside one list: a row's handle starts the drag, any row of the same list
 * takes the drop, and `onReorder` receives the whole new order. Rows of other lists ignore the drag, so
 * nested lists (lessons inside sections) do not catch each other's items. The Move up and Move down
 * buttons remain the keyboard way to do the same.
 */
export function useDragReorder(ids: readonly string[], onReorder: (order: string[], movedId: string) => void) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const end = () => {
    setDragging(null);
    setOver(null);
  };

  return {
    dragging,
    over,
    /** Spread on the grab handle; `row` is drawn as the drag image. */
    handleProps: (id: string, row?: () => HTMLElement | null) => ({
      draggable: true,
      onDragStart: (event: DragEvent<HTMLElement>) => {
        event.stopPropagation();
        event.dataTransfer?.setData('text/plain', id);
        if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
        const element = row?.();
        if (element) event.dataTransfer?.setDragImage?.(element, 16, 16);
        setDragging(id);
      },
      onDragEnd: end,
    }),
    /** Spread on each row of the list. */
    targetProps: (id: string) => ({
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (!dragging) return;
        event.preventDefault();
        event.stopPropagation();
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
        if (over !== id) setOver(id);
      },
      onDrop: (event: DragEvent<HTMLElement>) => {
        if (!dragging) return;
        event.preventDefault();
        event.stopPropagation();
        const order = dropOrder(ids, dragging, id);
        const moved = dragging;
        end();
        if (order) onReorder(order, moved);
      },
      'data-drop-target': dragging && over === id && dragging !== id ? true : undefined,
      'data-dragging': dragging === id ? true : undefined,
    }),
  };
}
