import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, openAccountGate } from './query-client';

/** Watches `key` as a screen would, with `queryFn` as its reader; returns the reader's mock. */
function watch(client: ReturnType<typeof createQueryClient>, key: string, options: { enabled?: boolean } = {}) {
  const read = vi.fn(async () => key);
  const observer = new QueryObserver(client, { queryKey: [key], queryFn: read, ...options });
  observer.subscribe(() => undefined);
  return read;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a learner's page drawn before its account is known (issue 26)", () => {
  it('reads nothing until the account is known, then reads what is on screen once', async () => {
    const client = createQueryClient({ waitForAccount: true });
    const sheet = watch(client, 'sheet');
    const stats = watch(client, 'stats');
    await settle();
    expect(sheet).not.toHaveBeenCalled();
    expect(stats).not.toHaveBeenCalled();
    expect(client.getQueryState(['sheet'])?.fetchStatus).toBe('idle');

    openAccountGate(client);
    await settle();
    expect(sheet).toHaveBeenCalledTimes(1);
    expect(stats).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['sheet'])).toBe('sheet');

    // Opened once: a second call reads nothing again.
    openAccountGate(client);
    await settle();
    expect(sheet).toHaveBeenCalledTimes(1);
  });

  it('leaves a query that decides for itself (`enabled`) alone, and an ordinary page reads at once', async () => {
    const waiting = createQueryClient({ waitForAccount: true });
    const own = watch(waiting, 'own', { enabled: true });
    await settle();
    expect(own).toHaveBeenCalledTimes(1);

    const ordinary = createQueryClient();
    const read = watch(ordinary, 'page');
    await settle();
    expect(read).toHaveBeenCalledTimes(1);
  });
});
