import { AsyncLocalStorage } from 'node:async_hooks';
import { type DehydratedState, dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppReady } from './app/app-ready';
import { Providers } from './app/providers';
import { appRoutes, preloadRoute, routeAccess } from './app/router';
import { api } from './lib/api-client';
import { setServerOrigin } from './lib/hydration';
import { createQueryClient } from './lib/query-client';

/**
 * The server renderer (built by `vite build --ssr` into dist/server/, loaded by the API's
 * plugins/web.ts): a public page with the data its queries read, drawn for a visitor signed out or for
 * one holding a token (the signed-in navbar, with stand-ins for the account it does not know).
 */

/** One GET of the API in the same process: the reply's status and its JSON body as text. */
export type FetchApi = (path: string) => Promise<{ status: number; body: string }>;

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The query cache the markup was drawn from; the browser starts from it (main.tsx). */
  data: DehydratedState;
  /**
   * A learner's page (a route for signed-in people) drawn for a visitor holding a token: drawn without any read,
   * its data waiting for the account, as the browser's first render must be too (lib/query-client.ts).
   */
  waitsForAccount: boolean;
}

/** How many times a page is drawn at most: each draw may name queries the last one's data revealed. */
const MAX_PASSES = 4;

/** The reader of the page being drawn (pages are drawn concurrently, each with its own). */
const reader = new AsyncLocalStorage<FetchApi>();

// The app's own API client answers from the API in process, so every query fetches exactly as in a browser.
api.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
  const fetchApi = reader.getStore();
  if (!fetchApi) throw new AxiosError('No API to read from', AxiosError.ERR_NETWORK, config);
  const method = (config.method ?? 'get').toLowerCase();
  if (method !== 'get') throw new AxiosError('The server renderer only reads', AxiosError.ERR_NETWORK, config);
  const reply = await fetchApi(api.getUri(config));
  const response: AxiosResponse = {
    data: reply.body ? JSON.parse(reply.body) : null,
    status: reply.status,
    statusText: '',
    headers: {},
    config,
    request: {},
  };
  if (reply.status >= 400) {
    throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_RESPONSE', config, {}, response);
  }
  return response;
};

function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(query) : option !== false;
}

/** Who the page is drawn for: only whether the visitor holds a token (their hint cookie), never who they are. */
export interface DrawFor {
  signedIn: boolean;
}

async function draw(url: URL, queryClient: QueryClient, visitor: DrawFor): Promise<string | Response> {
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return context;
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers client={queryClient} drawnSignedIn={visitor.signedIn}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
      <AppReady />
    </StrictMode>,
    // Every part of the page in place, in order: never a part sent later with an inline script to move it
    // (the Content-Security-Policy forbids inline scripts).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Draws the page at `url` (an absolute address on this site). Queries the first draw starts are
 * fetched through `load` and the page drawn again, until it asks for nothing new. A query that fails
 * is left out: the page shows it loading, as the browser's first render will, and the browser fetches it.
 * Null when the address is not a page of the app (a redirect).
 */
export function render(
  url: string,
  load: FetchApi,
  visitor: DrawFor = { signedIn: false },
): Promise<RenderedPage | null> {
  return reader.run(load, () => renderPage(new URL(url), visitor));
}

async function renderPage(address: URL, visitor: DrawFor): Promise<RenderedPage | null> {
  setServerOrigin(address.origin);
  await preloadRoute(address.pathname);
  // Only whether the visitor holds a token is known here, never who they are: a learner's page reads nothing.
  const waitsForAccount = visitor.signedIn && routeAccess(address.pathname) !== 'public';
  const queryClient = createQueryClient({ waitForAccount: waitsForAccount });
  const tried = new Set<string>();
  for (let pass = 1; ; pass += 1) {
    const html = await draw(address, queryClient, visitor);
    if (typeof html !== 'string') return null;
    const next = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && !tried.has(query.queryHash) && enabled(query));
    if (next.length === 0 || pass === MAX_PASSES || waitsForAccount) {
      return { html, data: dehydrate(queryClient), waitsForAccount };
    }
    await Promise.all(
      next.map(async (query) => {
        tried.add(query.queryHash);
        await queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey, retry: false });
      }),
    );
    queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
  }
}
