import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, indentOnInput, indentUnit } from '@codemirror/language';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, type Extension, Facet, Prec } from '@codemirror/state';
import {
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { useEffect, useRef } from 'react';
import type { CodeEditorProps } from '@/lib/code-editor-props';
import { editorTheme, fontSizeTheme } from './editor-theme';
import { loadLanguage } from './language-support';

export type CodeMirrorEditorProps = CodeEditorProps;

/**
 * CodeMirror 6 with line numbers, bracket matching, auto-indent, search (Ctrl/Cmd+F), history and
 * completion. Tab indents (indentWithTab); Escape and then Tab leave the editor, which CodeMirror
 * supports for exactly this reason (its "tab focus mode"). Ctrl/Cmd+Enter runs the code.
 */
export function CodeMirrorEditor(props: CodeMirrorEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const compartments = useRef({
    language: new Compartment(),
    readOnly: new Compartment(),
    fontSize: new Compartment(),
    label: new Compartment(),
    extensions: new Compartment(),
  });

  // One view for the component's life; its state is replaced when the document changes.
  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({ parent: host.current, state: createState(latest, compartments.current) });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  const { documentKey, language, readOnly, fontSize, label, describedBy, extensions } = props;

  useEffect(() => {
    const current = view.current;
    if (!current) return;
    if (current.state.facet(documentKeyFacet) !== documentKey) {
      current.setState(createState(latest, compartments.current));
    }
    let cancelled = false;
    loadLanguage(language).then(
      (extension) => {
        if (cancelled || view.current !== current) return;
        current.dispatch({ effects: compartments.current.language.reconfigure(extension) });
      },
      () => undefined, // offline: the text stays editable, only without highlighting
    );
    return () => {
      cancelled = true;
    };
  }, [documentKey, language]);

  useEffect(() => {
    view.current?.dispatch({
      effects: [
        compartments.current.readOnly.reconfigure(EditorState.readOnly.of(readOnly)),
        compartments.current.fontSize.reconfigure(fontSizeTheme(fontSize)),
        compartments.current.label.reconfigure(contentAttributes(label, describedBy, readOnly)),
      ],
    });
  }, [readOnly, fontSize, label, describedBy]);

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.extensions.reconfigure(extensions ?? []) });
  }, [extensions]);

  return (
    <div
      ref={host}
      data-testid="code-editor"
      className="h-full min-h-0 overflow-hidden rounded-xl border border-default focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/40"
    />
  );
}

/** Which document a state holds, so a re-render with the same key keeps the learner's edits and history. */
const documentKeyFacet = Facet.define<string, string>({ combine: (values) => values[0] ?? '' });

function contentAttributes(label: string, describedBy: string | undefined, readOnly: boolean): Extension {
  return EditorView.contentAttributes.of({
    'aria-label': label,
    // Already focusable (contenteditable); the tabindex also tells checkers that the scrolling editor can be reached.
    tabindex: '0',
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(readOnly ? { 'aria-readonly': 'true' } : {}),
  });
}

function createState(
  latest: { current: CodeMirrorEditorProps },
  compartments: Record<string, Compartment>,
): EditorState {
  const props = latest.current;
  const run = () => {
    latest.current.onRun();
    return true;
  };
  return EditorState.create({
    doc: props.initialText,
    extensions: [
      documentKeyFacet.of(props.documentKey),
      Prec.highest(keymap.of([{ key: 'Mod-Enter', run }])),
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history(),
      drawSelection(),
      dropCursor(),
      EditorState.allowMultipleSelections.of(true),
      indentOnInput(),
      indentUnit.of(props.language === 'javascript' || props.language === 'typescript' ? '  ' : '    '),
      bracketMatching(),
      closeBrackets(),
      autocompletion(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      search({ top: true }),
      keymap.of([
        ...closeBracketsKeymap,
        ...defaultKeymap,
        ...searchKeymap,
        ...historyKeymap,
        ...completionKeymap,
        indentWithTab,
      ]),
      editorTheme,
      compartments.language!.of([]),
      compartments.readOnly!.of(EditorState.readOnly.of(props.readOnly)),
      compartments.fontSize!.of(fontSizeTheme(props.fontSize)),
      compartments.label!.of(contentAttributes(props.label, props.describedBy, props.readOnly)),
      compartments.extensions!.of(props.extensions ?? []),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) latest.current.onChange(update.state.doc.toString());
      }),
    ],
  });
}
