import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from './api-client';

/** Whether a client's queries may fetch yet (see `waitForAccount`). */
const gates = new WeakMap<QueryClient, { closed: boolean }>();

/**
 * `waitForAccount`: the client of a learner's page drawn on the server for a visitor holding a token (their hint
 * cookie), whose account is not known yet. Its queries read nothing until `openAccountGate`: the server, which never
 * knows the account, draws their loading states, and the browser asks once the account is known, so no learner's
 * screen ever holds (or shows) what the API answers a visitor signed out. A query that sets `enabled` itself is
 * its own judge.
 */
export function createQueryClient({ waitForAccount = false }: { waitForAccount?: boolean } = {}): QueryClient {
  const gate = { closed: waitForAccount };
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          const status = errorStatus(error);
          if (status && status >= 400 && status < 500) return false;
          return failureCount < 2;
        },
        enabled: () => !gate.closed,
      },
    },
  });
  gates.set(client, gate);
  return client;
}

/** The account is known (or there is none): the queries that waited on screen fetch now. */
export function openAccountGate(client: QueryClient): void {
  const gate = gates.get(client);
  if (!gate?.closed) return;
  gate.closed = false;
  void client.refetchQueries({
    type: 'active',
    predicate: (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle',
  });
}
