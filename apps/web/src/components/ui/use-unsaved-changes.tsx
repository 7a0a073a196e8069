import { useCallback, useEffect, useRef } from 'react';
import { type Location, useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Asks before leaving unsaved work: in-app navigation shows a dialog (react-router's blocker), closing
 * or reloading the tab shows the browser's own prompt. `blocks` narrows which in-app moves lose work
 * (say, only leaving the page, or opening another lesson); by default every move away does.
 */
export function useUnsavedChanges(dirty: boolean, blocks?: (current: Location, next: Location) => boolean) {
  const state = useRef({ dirty, blocks, free: false });
  state.current.dirty = dirty;
  state.current.blocks = blocks;

  const blocker = useBlocker(
    useCallback(({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) => {
      const { dirty: unsaved, blocks: rule, free } = state.current;
      if (free) {
        state.current.free = false;
        return false;
      }
      if (!unsaved) return false;
      const same =
        currentLocation.pathname === nextLocation.pathname &&
        currentLocation.search === nextLocation.search &&
        currentLocation.hash === nextLocation.hash;
      if (same) return false;
      return rule ? rule(currentLocation, nextLocation) : true;
    }, []),
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.reset();
  }, [blocker, dirty]);

  /** Lets the next navigation through without asking: after a save, or after deleting what was edited. */
  const leaveFreely = useCallback(() => {
    state.current.free = true;
  }, []);

  const prompt =
    blocker.state === 'blocked' ? (
      <ConfirmDialog
        title="Leave without saving?"
        description="You have changes that are not saved yet. If you leave now they are lost."
        confirmLabel="Leave and discard changes"
        cancelLabel="Stay on this page"
        onConfirm={() => blocker.proceed()}
        onClose={() => blocker.reset()}
      />
    ) : null;

  return { prompt, leaveFreely };
}
