import { SIGNED_IN_HINT_COOKIE } from '@learnbuild/domain/constants';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  earlyClick,
  earlyShortcut,
  recordEarlyInput,
  replayEarlyInput,
  stopRecordingEarlyInput,
  takeEarlyClick,
} from './early-input';
import { tokenStorage } from './storage';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

/** A form and a menu button drawn as the server would, hydrated after the person has acted on them. */
function Page({ sent }: { sent: (values: { email: string; remember: boolean }) => void }) {
  const [email, setEmail] = useState('');
  const [remember, setRemember] = useState(false);
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        sent({ email, remember });
      }}
    >
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <input
        aria-label="Remember"
        type="checkbox"
        checked={remember}
        onChange={(event) => setRemember(event.target.checked)}
      />
      <button type="submit">Log in</button>
      <button type="button" {...earlyClick('menu')}>
        Menu
      </button>
    </form>
  );
}

describe('what a person does before the app takes over a drawn page', () => {
  it('keeps early clicks by name, and a form sent early is sent again with what was typed and ticked', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const sent: Array<{ email: string; remember: boolean }> = [];
    root.innerHTML = renderToString(<Page sent={(values) => sent.push(values)} />);
    recordEarlyInput();

    // The person acts on the bare markup: types, ticks, opens the menu, sends the form.
    const email = root.querySelector<HTMLInputElement>('input[aria-label="Email"]')!;
    email.value = 'early@example.com';
    root.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked = true;
    const menu = root.querySelector<HTMLButtonElement>('[data-early-click="menu"]')!;
    const menuClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    menu.dispatchEvent(menuClick);
    const submit = new SubmitEvent('submit', {
      bubbles: true,
      cancelable: true,
      submitter: root.querySelector('button[type="submit"]'),
    });
    root.querySelector('form')!.dispatchEvent(submit);
    // Neither left the page: the form did not post.
    expect(submit.defaultPrevented).toBe(true);
    expect(menuClick.defaultPrevented).toBe(true);

    stopRecordingEarlyInput(root);
    await act(async () => {
      hydrateRoot(root, <Page sent={(values) => sent.push(values)} />);
    });
    expect(sent).toEqual([]);
    await act(async () => replayEarlyInput());
    expect(sent).toEqual([{ email: 'early@example.com', remember: true }]);
    expect(takeEarlyClick('menu')).toBe(true);
    // Asked once: it is not handed out again.
    expect(takeEarlyClick('menu')).toBe(false);
    expect(takeEarlyClick('other')).toBe(false);
  });

  it('notes nothing once the app has taken over', () => {
    render(
      <button type="button" {...earlyClick('late')}>
        Late
      </button>,
    );
    recordEarlyInput();
    stopRecordingEarlyInput(document.body);
    screen.getByRole('button', { name: 'Late' }).click();
    expect(takeEarlyClick('late')).toBe(false);
  });

  it('keeps Ctrl/Cmd+K pressed early as a click of the control marked with it, and stops the browser using it', () => {
    render(
      <button type="button" {...earlyClick('search')} {...earlyShortcut('mod+k')}>
        Search
      </button>,
    );
    recordEarlyInput();
    const plainK = new KeyboardEvent('keydown', { key: 'k', bubbles: true, cancelable: true });
    document.body.dispatchEvent(plainK);
    expect(plainK.defaultPrevented).toBe(false);
    expect(takeEarlyClick('search')).toBe(false);
    const shortcut = new KeyboardEvent('keydown', { key: 'k', metaKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(shortcut);
    stopRecordingEarlyInput(document.body);
    expect(shortcut.defaultPrevented).toBe(true);
    expect(takeEarlyClick('search')).toBe(true);
  });
});

describe('the signed-in hint cookie', () => {
  const hint = () => document.cookie.split(/;\s*/).find((pair) => pair.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

  afterEach(() => {
    window.localStorage.clear();
    tokenStorage.clear();
  });

  it('is set with the token and cleared with it', () => {
    tokenStorage.set('a-token');
    expect(hint()).toBe(`${SIGNED_IN_HINT_COOKIE}=1`);
    tokenStorage.clear();
    expect(hint()).toBeUndefined();
  });

  it('follows the stored token at startup: added for a token stored before it existed, dropped without one', () => {
    window.localStorage.setItem('learnbuild.authToken', 'an-older-token');
    tokenStorage.syncHint();
    expect(hint()).toBe(`${SIGNED_IN_HINT_COOKIE}=1`);
    window.localStorage.removeItem('learnbuild.authToken');
    tokenStorage.syncHint();
    expect(hint()).toBeUndefined();
  });
});
