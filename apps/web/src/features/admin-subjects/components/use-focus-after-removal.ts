import { type RefObject, useEffect, useRef } from 'react';

/**
 * Moves focus to `target` once a deleted row has left the list, so keyboard and screen-reader
 * users are not dropped at the top of the page. Returns the function that names the deleted row.
 */
export function useFocusAfterRemoval(ids: readonly string[], target: RefObject<HTMLElement | null>) {
  const removed = useRef<string | null>(null);
  useEffect(() => {
    if (removed.current === null || ids.includes(removed.current)) return;
    removed.current = null;
    target.current?.focus();
  }, [ids, target]);
  return (id: string) => {
    removed.current = id;
  };
}
