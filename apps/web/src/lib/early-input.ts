/**
 * What a person did on a page the server drew before the app took it over (boot.ts loads the app only after
 * the first paint, so a quick visitor acts on markup without handlers). Nothing is lost or sent elsewhere:
 * - a click on a control marked `data-early-click="<name>"` (the navbar's menu buttons) is kept by name, and
 *   the component that owns the control asks for it once it runs (`takeEarlyClick`);
 * - a keyboard shortcut pressed early (Ctrl/Cmd+K) is kept as a click on the control marked
 *   `data-early-shortcut` with it (the navbar's Search button), and the browser's own use of it is stopped;
 * - a form sent early is held (it would post to its page and come back empty) and sent again once the app's
 *   own handler is there;
 * - text typed and boxes ticked stay as they are: the app's first render may reset a field to its starting
 *   value, so each changed field is given its value again through its change handler.
 * Recording starts in boot.ts, the page's first script, and stops when React takes the page over
 * (main.tsx): from then on React itself replays what happens while it hydrates.
 */

const EARLY_CLICK = 'data-early-click';
const EARLY_SHORTCUT = 'data-early-shortcut';

const clicked = new Set<string>();
const submitted: Array<{ form: HTMLFormElement; submitter: HTMLElement | null }> = [];
/** Fields whose value differs from the one the server drew, with the value the person gave them. */
let changed: Array<{ field: HTMLInputElement | HTMLTextAreaElement; value: string | boolean }> = [];
let recording = false;

function onClick(event: MouseEvent): void {
  const control = event.target instanceof Element ? event.target.closest(`[${EARLY_CLICK}]`) : null;
  const name = control?.getAttribute(EARLY_CLICK);
  if (!name) return;
  // A stand-in drawn as a link for readers without JavaScript must not leave the page.
  event.preventDefault();
  clicked.add(name);
}

/** The one shortcut a server-drawn page knows: 'mod+k' (Ctrl+K, or Cmd+K on a Mac). */
function onKeyDown(event: KeyboardEvent): void {
  if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
  const name = document.querySelector(`[${EARLY_SHORTCUT}="mod+k"]`)?.getAttribute(EARLY_CLICK);
  if (!name) return;
  event.preventDefault();
  clicked.add(name);
}

function onSubmit(event: SubmitEvent): void {
  if (!(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  submitted.push({ form: event.target, submitter: event.submitter });
}

/** Starts noting clicks and sent forms (boot.ts, before the app loads). */
export function recordEarlyInput(): void {
  if (recording || typeof document === 'undefined') return;
  recording = true;
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('submit', onSubmit, true);
}

/** Stops noting (main.tsx, just before React takes over) and keeps the fields changed inside `root` so far. */
export function stopRecordingEarlyInput(root: HTMLElement): void {
  if (!recording) return;
  recording = false;
  document.removeEventListener('click', onClick, true);
  document.removeEventListener('keydown', onKeyDown, true);
  document.removeEventListener('submit', onSubmit, true);
  changed = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) changed.push({ field, value: field.checked });
    } else if (field.type !== 'hidden' && field.type !== 'file' && field.value !== field.defaultValue) {
      changed.push({ field, value: field.value });
    }
  }
}

/** Whether the control named `name` was clicked before the app took over; asking forgets it. */
export function takeEarlyClick(name: string): boolean {
  return clicked.delete(name);
}

/** The attribute that marks a control whose early click is kept by `name`. */
export function earlyClick(name: string): { [EARLY_CLICK]: string } {
  return { [EARLY_CLICK]: name };
}

/** The attribute that makes a keyboard shortcut pressed early count as an early click of the control. */
export function earlyShortcut(shortcut: 'mod+k'): { [EARLY_SHORTCUT]: string } {
  return { [EARLY_SHORTCUT]: shortcut };
}

/** A form sent again before its part of the page was taken over is sent again after this, a few times. */
const RESEND_WAIT_MS = 100;
const RESEND_TRIES = 50;

/**
 * Sends `form` as the person did, once the app's handler takes it (it then cancels the browser's own
 * sending). Not taken yet (its part of the page still waits for React): cancelled here and tried again.
 */
function sendAgain(form: HTMLFormElement, submitter: HTMLElement | null, triesLeft: number): void {
  if (!form.isConnected) return;
  const check = (event: Event) => {
    if (event.target !== form || event.defaultPrevented) return;
    event.preventDefault();
    if (triesLeft > 0) setTimeout(() => sendAgain(form, submitter, triesLeft - 1), RESEND_WAIT_MS);
  };
  window.addEventListener('submit', check);
  try {
    form.requestSubmit(submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : undefined);
  } finally {
    window.removeEventListener('submit', check);
  }
}

/**
 * Gives changed fields their values again and sends held forms, once the app has taken the page over. Called
 * in a task of its own after the app's first commit (AppReady): outside React's own work, an event on a part
 * of the page React has not taken over yet makes React take it over at once, before the event is handled.
 * - Each field first gets an input event that changes nothing, so its part of the page is React's (starting,
 *   a form may reset the field) before its value is put back.
 * - A value is put through React's change tracking: set to something else by the element's own setter (which
 *   React watches), then to the person's value by the prototype's (which it does not), so the input event
 *   that follows reads as a change. A box is set the other way, then clicked.
 */
export function replayEarlyInput(): void {
  const fields = changed.splice(0).filter(({ field }) => field.isConnected);
  for (const { field } of fields) field.dispatchEvent(new Event('input', { bubbles: true }));
  for (const { field, value } of fields) {
    if (typeof value === 'boolean') {
      if (field instanceof HTMLInputElement) {
        field.checked = !value;
        field.click();
      }
      continue;
    }
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    field.value = value === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const { form, submitter } of submitted.splice(0)) sendAgain(form, submitter, RESEND_TRIES);
}
