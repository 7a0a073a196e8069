import type { Extension } from '@codemirror/state';
import { useCallback, useEffect, useState } from 'react';
import { readPracticePreferences, writePracticePreferences } from './practice-storage';

/** Vim mode, remembered in this browser; its code is fetched only once it is turned on. */
export function useVimMode() {
  const [on, setOn] = useState(false);
  const [extension, setExtension] = useState<Extension | undefined>(undefined);

  useEffect(() => {
    setOn(readPracticePreferences().vim);
  }, []);

  useEffect(() => {
    if (!on) {
      setExtension(undefined);
      return;
    }
    let live = true;
    import('./vim-extension').then(
      (loaded) => {
        if (live) setExtension(loaded.vimExtension());
      },
      () => {
        // Offline before its first use: the editor stays as it is, and the switch can be tried again.
        if (live) setOn(false);
      },
    );
    return () => {
      live = false;
    };
  }, [on]);

  const toggle = useCallback(() => {
    setOn((current) => {
      writePracticePreferences({ vim: !current });
      return !current;
    });
  }, []);

  return { on, extension, toggle };
}
