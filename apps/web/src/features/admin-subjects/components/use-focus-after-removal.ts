import { type RefObject, useEffect, useRef } from 'react';

/**
 * Moves focus to `target` once a deleted row has left the list, so keyboard and screen-reader
 * users are not dropped at the top of the page; a deleted row that was selected is deselected.
 * Returns the function that names the deleted row.
 */
export function useFocusAfterRemoval(
  ids: readonly string[],
  target: RefObject<HTMLElement | null>,
  selection?: { selectedId: string | null; onSelect: (id: string | null) => void },
) {
  const removed = useRef<string | null>(null);
  useEffect(() => {
    if (removed.current === null || ids.includes(removed.current)) return;
    removed.current = null;
    target.current?.focus();
  }, [ids, target]);
  return (id: string) => {
    removed.current = id;
    if (selection && id === selection.selectedId) selection.onSelect(null);
  };
}
