import { Prec } from '@codemirror/state';
import { vim } from '@replit/codemirror-vim';

/** Vim's key bindings (its own chunk, fetched when Vim mode is turned on), ahead of the editor's own keys. */
export function vimExtension() {
  return Prec.highest(vim({ status: true }));
}
