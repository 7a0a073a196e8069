import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useReportDirty } from './use-report-dirty';

function Form({ onDirty }: { onDirty: (dirty: boolean) => void }) {
  const [title, setTitle] = useState('');
  useReportDirty(title !== '', onDirty);
  return <input aria-label="Title" value={title} onChange={(event) => setTitle(event.target.value)} />;
}

/** A dialog's owner: Escape asks first when the form holds words, as the thread composer does. */
function Owner({ closes }: { closes: string[] }) {
  const [dirty, setDirty] = useState(false);
  return (
    <div onKeyDown={(event) => event.key === 'Escape' && closes.push(dirty ? 'asked first' : 'closed at once')}>
      <Form onDirty={setDirty} />
    </div>
  );
}

const previous = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
afterEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previous;
  document.body.innerHTML = '';
});

describe('useReportDirty', () => {
  it('tells the owner before the next input event: Escape right after a keystroke asks first', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const closes: string[] = [];
    const root = createRoot(host);
    await act(async () => root.render(<Owner closes={closes} />));
    // From here on as a browser runs it: no act() flushing React's scheduled work between the two events.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const input = host.querySelector('input')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(input, 'Half a question');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(closes).toEqual(['asked first']);
    root.unmount();
  });
});
