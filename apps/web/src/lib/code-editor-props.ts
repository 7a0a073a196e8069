import type { Extension } from '@codemirror/state';
import type { EditorLanguage } from './code-editor-link';

/**
 * What the code editor's CodeMirror editor takes: its own screens show it, and so does the problem page, which the
 * app composes with it (features never import each other).
 */
export interface CodeEditorProps {
  /** Changing it replaces the text (another language, another snippet, a reset); typing never does. */
  documentKey: string;
  initialText: string;
  language: EditorLanguage;
  /** The editor's accessible name, e.g. "Code, Python". */
  label: string;
  /** Tells screen reader users how to leave the editor and run the code. */
  describedBy?: string;
  readOnly: boolean;
  fontSize: number;
  onChange: (text: string) => void;
  onRun: () => void;
  /** More behaviour for the screen that shows it, e.g. the problem page's Vim mode; changing it reconfigures. */
  extensions?: Extension;
}
