import type { CatalogueReply } from '@learnbuild/domain/schemas/dsa';
import type { DbOrTx } from '../../db/client';
import { contentHash, type Precompressed, precompress } from '../../lib/precompressed';
import * as q from './queries';

/**
 * The problem catalogue (the live bank without anyone's flags) as ready-to-send bytes: JSON, brotli and gzip,
 * built once per change of the bank. It is a cache (DESIGN: the only state an instance keeps): dropped on every
 * instance by `invalidateProblemIndex` on every bank write, and read again after MAX_AGE_MS in case that word
 * never arrived (Redis unreachable); a read that finds the same content keeps the compressed bytes (and so the
 * ETag) it had.
 */
const MAX_AGE_MS = 10_000;

/** Same for every reader; the browser keeps it and asks again with If-None-Match on every use. */
export const CATALOGUE_CACHE_CONTROL = 'public, no-cache';

/** One learner's flags (their notes among them) are personal: never kept by a browser or a proxy (DESIGN). */
export const FLAGS_CACHE_CONTROL = 'no-store';

interface Entry {
  checkedAt: number;
  catalogue: Promise<Precompressed>;
  /** A re-read of an old entry is running. */
  checking: boolean;
}

interface State {
  /** Moves on every forget: a build begun before it is never kept. */
  generation: number;
  entry?: Entry;
}

/** One state per database (tests run several apps in one process). */
const states = new WeakMap<object, State>();

function stateFor(db: DbOrTx): State {
  let state = states.get(db);
  if (!state) {
    state = { generation: 0 };
    states.set(db, state);
  }
  return state;
}

async function build(db: DbOrTx, previous?: Precompressed): Promise<Precompressed> {
  const reply: CatalogueReply = { success: true, problems: await q.catalogueProblems(db) };
  const json = Buffer.from(JSON.stringify(reply));
  const hash = contentHash(json);
  if (previous?.hash === hash) return previous;
  return precompress(json, 'application/json; charset=utf-8', hash);
}

function store(state: State, catalogue: Promise<Precompressed>): Entry {
  const entry: Entry = { checkedAt: Date.now(), catalogue, checking: false };
  const generation = state.generation;
  state.entry = entry;
  catalogue.catch(() => {
    if (state.generation === generation && state.entry === entry) state.entry = undefined;
  });
  return entry;
}

/** The current catalogue; concurrent callers share one build, and an old one is answered while it is re-read. */
export function currentCatalogue(db: DbOrTx): Promise<Precompressed> {
  const state = stateFor(db);
  const entry = state.entry;
  if (!entry) return store(state, build(db)).catalogue;
  if (Date.now() - entry.checkedAt >= MAX_AGE_MS && !entry.checking) {
    entry.checking = true;
    const generation = state.generation;
    const next = entry.catalogue.then((previous) => build(db, previous));
    next.then(
      () => {
        if (state.generation === generation && state.entry === entry) store(state, next);
      },
      () => {
        entry.checking = false;
      },
    );
  }
  return entry.catalogue;
}

/** Called by `invalidateProblemIndex` after any write to the bank. */
export function forgetCatalogue(db: DbOrTx): void {
  const state = stateFor(db);
  state.generation += 1;
  state.entry = undefined;
}
