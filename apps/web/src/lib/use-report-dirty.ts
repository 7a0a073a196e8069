import { useLayoutEffect } from 'react';

/**
 * Tells a form's owner whether the form holds unsaved changes, in the same commit as the keystroke that changed
 * it. A close pressed right after typing (Escape as the next input event) then already asks first: a passive
 * effect would tell the owner a task later, and the browser runs input events before such a task.
 */
export function useReportDirty(dirty: boolean, report: ((dirty: boolean) => void) | undefined): void {
  useLayoutEffect(() => report?.(dirty), [dirty, report]);
}
