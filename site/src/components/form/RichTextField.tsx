/**
 * A small rich text editor (no dependency): a contentEditable box with a toolbar for bold, italic,
 * bulleted and numbered lists and links, that emits HTML. The server sanitizes what it stores with
 * the one policy (sdk/sanitize), so the editor only has to produce the few tags the toolbar offers.
 *
 * Keyboard: Tab reaches the toolbar (one stop; arrow keys, Home and End move along it) and the
 * text; in the text Ctrl/⌘+B, Ctrl/⌘+I and Ctrl/⌘+K (link) work. Pasting keeps the text only.
 */
import { withScheme } from '@nordlys/sdk/with-scheme';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { domId } from '../../lib/domId';
import { describedBy, FieldError, RequiredMark } from './Field';

export interface RichTextFieldProps {
  id: string;
  label: string;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined | null;
  editorRef?: Ref<HTMLDivElement>;
}

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList' | 'link' | 'unlink';

const TOOLS: { command: Command; label: string; glyph: string; shortcut?: string }[] = [
  { command: 'bold', label: 'Bold', glyph: 'B', shortcut: 'Control+B' },
  { command: 'italic', label: 'Italic', glyph: 'I', shortcut: 'Control+I' },
  { command: 'insertUnorderedList', label: 'Bulleted list', glyph: '•' },
  { command: 'insertOrderedList', label: 'Numbered list', glyph: '1.' },
  { command: 'link', label: 'Link', glyph: '🔗', shortcut: 'Control+K' },
  { command: 'unlink', label: 'Remove link', glyph: '⨯🔗' },
];

/** The editor's HTML, or '' when it holds no text (a browser leaves '<br>' or '<p></p>' behind). */
export function editorHtml(element: HTMLElement): string {
  const text = element.textContent ?? '';
  if (!text.trim()) return '';
  return element.innerHTML;
}

// document.execCommand is deprecated but is still what every browser's contentEditable offers for
// these few commands, and it keeps the browser's own undo history.
function exec(command: string, value?: string): void {
  document.execCommand(command, false, value);
}

export function RichTextField({ id, label, value, onChange, required, hint, error, editorRef }: RichTextFieldProps) {
  const editor = useRef<HTMLDivElement | null>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const lastEmitted = useRef(value);
  const savedRange = useRef<Range | null>(null);
  // The first HTML is rendered by React (so the server page shows it); later outside changes are written in.
  const [initial] = useState(() => ({ __html: value }));
  const [activeTool, setActiveTool] = useState(0);
  const [state, setState] = useState<Partial<Record<Command, boolean>>>({});
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const linkInput = useRef<HTMLInputElement>(null);
  const linkId = domId(id, 'link');

  const setEditor = (element: HTMLDivElement | null) => {
    editor.current = element;
    if (typeof editorRef === 'function') editorRef(element);
    else if (editorRef) (editorRef as { current: HTMLDivElement | null }).current = element;
  };

  // A value set from outside (the form reset to what the server stored) replaces the content.
  useLayoutEffect(() => {
    const element = editor.current;
    if (!element || value === lastEmitted.current) return;
    lastEmitted.current = value;
    if (element.innerHTML !== value) element.innerHTML = value;
  }, [value]);

  useEffect(() => {
    if (linkOpen) linkInput.current?.focus();
  }, [linkOpen]);

  function emit() {
    const element = editor.current;
    if (!element) return;
    const html = editorHtml(element);
    lastEmitted.current = html;
    onChange(html);
    readState();
  }

  function readState() {
    if (typeof document.queryCommandState !== 'function') return;
    try {
      setState({
        bold: document.queryCommandState('bold'),
        italic: document.queryCommandState('italic'),
        insertUnorderedList: document.queryCommandState('insertUnorderedList'),
        insertOrderedList: document.queryCommandState('insertOrderedList'),
      });
    } catch {
      // Some environments (tests) do not implement it; the buttons then show no pressed state.
    }
  }

  function saveSelection() {
    const selection = window.getSelection();
    const element = editor.current;
    if (selection && selection.rangeCount > 0 && element && element.contains(selection.anchorNode)) {
      savedRange.current = selection.getRangeAt(0).cloneRange();
    }
  }

  function restoreSelection() {
    const element = editor.current;
    if (!element) return;
    element.focus();
    const range = savedRange.current;
    const selection = window.getSelection();
    if (range && selection) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
  }

  function run(command: Command) {
    if (command === 'link') {
      saveSelection();
      setLinkUrl('');
      setLinkError(null);
      setLinkOpen(true);
      return;
    }
    editor.current?.focus();
    exec(command);
    emit();
  }

  function applyLink() {
    const url = linkUrl.trim();
    if (!url) {
      setLinkError('Please enter the link address');
      linkInput.current?.focus();
      return;
    }
    const href = withScheme(url);
    restoreSelection();
    const selection = window.getSelection();
    if (selection && selection.isCollapsed) exec('insertText', url);
    // Select what was just typed, so the link covers it.
    if (selection && selection.isCollapsed && selection.anchorNode) {
      const range = document.createRange();
      const offset = selection.anchorOffset;
      range.setStart(selection.anchorNode, Math.max(0, offset - url.length));
      range.setEnd(selection.anchorNode, offset);
      selection.removeAllRanges();
      selection.addRange(range);
    }
    exec('createLink', href);
    setLinkOpen(false);
    emit();
  }

  function cancelLink() {
    setLinkOpen(false);
    restoreSelection();
  }

  function onToolbarKey(event: KeyboardEvent<HTMLDivElement>) {
    const last = TOOLS.length - 1;
    const move = { ArrowRight: activeTool + 1, ArrowLeft: activeTool - 1, Home: 0, End: last }[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = (move + TOOLS.length) % TOOLS.length;
    setActiveTool(next);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  }

  function onEditorKey(event: KeyboardEvent<HTMLDivElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'b' || key === 'i') {
      event.preventDefault();
      run(key === 'b' ? 'bold' : 'italic');
    } else if (key === 'k') {
      event.preventDefault();
      run('link');
    }
  }

  const described = describedBy(id, error, hint);
  return (
    <div className="field form-field rich-text">
      <span className="form-label" id={`${id}-label`}>
        {label}
        <RequiredMark required={required} />
      </span>
      {hint ? (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      ) : null}
      <div className={error ? 'rich-text__box rich-text__box--invalid' : 'rich-text__box'}>
        <div ref={toolbar} className="rich-text__toolbar" role="toolbar" aria-label={`${label}: formatting`} aria-controls={id} onKeyDown={onToolbarKey}>
          {TOOLS.map((tool, i) => (
            <button
              key={tool.command}
              type="button"
              className="rich-text__tool"
              tabIndex={i === activeTool ? 0 : -1}
              aria-label={tool.label}
              title={tool.shortcut ? `${tool.label} (${tool.shortcut.replace('Control', 'Ctrl')})` : tool.label}
              aria-keyshortcuts={tool.shortcut}
              aria-pressed={tool.command in state ? Boolean(state[tool.command]) : undefined}
              // Keep the text's selection: the button must not take it away.
              onMouseDown={(event) => event.preventDefault()}
              onFocus={() => setActiveTool(i)}
              onClick={() => run(tool.command)}
            >
              <span aria-hidden="true" className={`rich-text__glyph rich-text__glyph--${tool.command}`}>
                {tool.glyph}
              </span>
            </button>
          ))}
        </div>
        {linkOpen ? (
          <div className="rich-text__link" role="group" aria-label="Add a link">
            <label htmlFor={linkId}>Link address</label>
            <input
              id={linkId}
              ref={linkInput}
              type="url"
              inputMode="url"
              className="form-input"
              value={linkUrl}
              placeholder="northwind.dk"
              aria-invalid={linkError ? true : undefined}
              aria-describedby={linkError ? `${linkId}-error` : undefined}
              onChange={(event) => setLinkUrl(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Enter adds the link; it must not submit the surrounding form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyLink();
                } else if (event.key === 'Escape') {
                  event.preventDefault();
                  event.stopPropagation();
                  cancelLink();
                }
              }}
            />
            <FieldError id={linkId} error={linkError} />
            <div className="rich-text__link-actions">
              <button type="button" className="button button--primary" onClick={applyLink}>
                Add link
              </button>
              <button type="button" className="button button--ghost" onClick={cancelLink}>
                Cancel
              </button>
            </div>
          </div>
        ) : null}
        <div
          ref={setEditor}
          id={id}
          className="rich-text__editor prose"
          contentEditable
          role="textbox"
          aria-multiline="true"
          tabIndex={0}
          aria-labelledby={`${id}-label`}
          aria-describedby={described}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          dangerouslySetInnerHTML={initial}
          onInput={emit}
          onKeyDown={onEditorKey}
          onKeyUp={readState}
          onMouseUp={readState}
          onFocus={() => {
            try {
              exec('defaultParagraphSeparator', 'p');
            } catch {
              // Not every environment knows the command.
            }
          }}
          onBlur={saveSelection}
          onPaste={(event) => {
            // Text only: pasted markup from other pages carries styles the page should not get.
            event.preventDefault();
            exec('insertText', event.clipboardData.getData('text/plain'));
            emit();
          }}
        />
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
