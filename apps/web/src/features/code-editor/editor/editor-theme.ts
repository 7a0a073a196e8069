import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

/**
 * One theme for both of the app's themes: every colour is a CSS variable set here for light and
 * under `.dark` (the class lib/theme.ts puts on <html>) for dark, so switching the app's theme
 * restyles the editor with no JavaScript. Token colours keep 4.5:1 against the editor's background
 * and the active line (WCAG 1.4.3).
 */
const variables = {
  '--cm-keyword': '#6d28d9',
  '--cm-string': '#047857',
  '--cm-number': '#b45309',
  '--cm-comment': '#5b6474',
  '--cm-function': '#1d4ed8',
  '--cm-type': '#be185d',
  '--cm-property': '#0e7490',
  '--cm-invalid': '#b91c1c',
  '--cm-active-line': '#f5f7fb',
  '--cm-selection': '#dbeafe',
  '--cm-bracket': '#e0e7ff',
  '--cm-search-match': '#fef08a',
};
const darkVariables = {
  '--cm-keyword': '#c4b5fd',
  '--cm-string': '#6ee7b7',
  '--cm-number': '#fcd34d',
  '--cm-comment': '#9aa8bd',
  '--cm-function': '#93c5fd',
  '--cm-type': '#f9a8d4',
  '--cm-property': '#67e8f9',
  '--cm-invalid': '#fca5a5',
  '--cm-active-line': '#172033',
  '--cm-selection': '#312e81',
  '--cm-bracket': '#3730a3',
  '--cm-search-match': '#713f12',
};

const chrome = EditorView.theme({
  '&': {
    ...variables,
    height: '100%',
    color: 'var(--text)',
    backgroundColor: 'var(--surface)',
  },
  '.dark &': darkVariables,
  '&.cm-focused': { outline: 'none' },
  // Plain characters: '->', '!=' and '==' read as typed, not as ligatures (JetBrains Mono draws them with 'calt').
  '.cm-scroller': {
    fontFamily: 'var(--font-mono)',
    lineHeight: '1.6',
    fontVariantLigatures: 'none',
    fontFeatureSettings: '"liga" 0, "calt" 0',
  },
  '.cm-content': { caretColor: 'var(--text)', padding: '12px 0' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)', borderLeftWidth: '2px' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--cm-selection)',
  },
  '.cm-activeLine': { backgroundColor: 'var(--cm-active-line)' },
  '.cm-gutters': {
    backgroundColor: 'var(--surface-muted)',
    color: 'var(--text-muted)',
    borderRight: '1px solid var(--border)',
  },
  '.cm-activeLineGutter': { backgroundColor: 'var(--border)', color: 'var(--text)' },
  '.cm-lineNumbers .cm-gutterElement': { padding: '0 8px 0 12px', minWidth: '32px' },
  '&.cm-focused .cm-matchingBracket': {
    backgroundColor: 'var(--cm-bracket)',
    outline: '1px solid var(--color-brand-500)',
  },
  '&.cm-focused .cm-nonmatchingBracket': { outline: '1px solid var(--cm-invalid)' },
  '.cm-searchMatch': { backgroundColor: 'var(--cm-search-match)', outline: '1px solid var(--cm-number)' },
  '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'var(--cm-bracket)' },
  '.cm-selectionMatch': { backgroundColor: 'var(--cm-bracket)' },
  '.cm-panels': { backgroundColor: 'var(--surface-muted)', color: 'var(--text)' },
  '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--border)' },
  '.cm-panels.cm-panels-top': { borderBottom: '1px solid var(--border)' },
  // The search panel's controls: 24 px targets (WCAG 2.5.8), the app's fields and buttons.
  '.cm-panel.cm-search': { padding: '8px 36px 8px 8px', fontSize: '14px' },
  '.cm-panel.cm-search label': { display: 'inline-flex', alignItems: 'center', gap: '4px', minHeight: '28px' },
  '.cm-panel.cm-search input[type=checkbox]': { width: '16px', height: '16px' },
  '.cm-textfield': {
    minHeight: '28px',
    border: '1px solid var(--border)',
    borderRadius: '6px',
    backgroundColor: 'var(--surface)',
    color: 'var(--text)',
    padding: '2px 8px',
  },
  '.cm-button': {
    minHeight: '28px',
    backgroundImage: 'none',
    backgroundColor: 'var(--surface)',
    border: '1px solid var(--border)',
    borderRadius: '6px',
    color: 'var(--text)',
    padding: '2px 10px',
  },
  '.cm-panel.cm-search [name=close]': {
    width: '28px',
    height: '28px',
    fontSize: '20px',
    color: 'var(--text-muted)',
    top: '8px',
    right: '6px',
  },
  '.cm-tooltip': {
    border: '1px solid var(--border)',
    backgroundColor: 'var(--surface)',
    color: 'var(--text)',
    borderRadius: '8px',
    overflow: 'hidden',
  },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--cm-selection)',
    color: 'var(--text)',
  },
  '.cm-completionDetail': { color: 'var(--text-muted)' },
});

const highlighting = HighlightStyle.define([
  { tag: [tags.keyword, tags.moduleKeyword, tags.controlKeyword, tags.operatorKeyword], color: 'var(--cm-keyword)' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp, tags.character], color: 'var(--cm-string)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--cm-number)' },
  {
    tag: [tags.comment, tags.lineComment, tags.blockComment, tags.docComment],
    color: 'var(--cm-comment)',
    fontStyle: 'italic',
  },
  {
    tag: [
      tags.function(tags.variableName),
      tags.function(tags.definition(tags.variableName)),
      tags.definition(tags.function(tags.variableName)),
    ],
    color: 'var(--cm-function)',
  },
  { tag: [tags.typeName, tags.className, tags.namespace, tags.standard(tags.typeName)], color: 'var(--cm-type)' },
  { tag: [tags.propertyName, tags.attributeName], color: 'var(--cm-property)' },
  { tag: [tags.processingInstruction, tags.meta, tags.annotation], color: 'var(--cm-keyword)' },
  { tag: tags.invalid, color: 'var(--cm-invalid)' },
  { tag: tags.strong, fontWeight: 'bold' },
  { tag: tags.emphasis, fontStyle: 'italic' },
]);

export const editorTheme: Extension = [chrome, syntaxHighlighting(highlighting)];

/** The font size control's choice, in CSS pixels. */
export function fontSizeTheme(size: number): Extension {
  return EditorView.theme({ '&': { fontSize: `${size}px` } });
}
