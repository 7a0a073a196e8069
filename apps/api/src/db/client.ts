import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** A connection attempt to a server that is down or unreachable gives up within this long. */
const CONNECT_TIMEOUT_MS = 3_000;

/** pg's client with the connect timeout of its own (the pool's timeout also bounds the wait for a free slot). */
class TimedClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    // keepAlive finds sockets to a server that vanished without closing them.
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  }
}

/**
 * What the API server asks of the pool, so a request fails (503) well before the web client's 30 s timeout
 * instead of hanging: a statement is cancelled after 10 s on the server (statement_timeout) and given up
 * after 12 s on the wire (a network that stopped carrying data), and a free connection is waited for at most
 * 15 s. Scripts that load or recount whole tables (benchmark data, counter rebuilds) and migrations run
 * without these limits.
 */
export const REQUEST_STATEMENT_TIMEOUT_MS = 10_000;
const REQUEST_POOL_WAIT_MS = 15_000;

/** PGlite files under DATA_DIR/db when no DATABASE_URL is set; otherwise a pg pool. `memory` is for tests. */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** PostgreSQL server only: the API server's time limits (REQUEST_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  dataDir?: string;
  memory?: boolean;
  /** PGlite in memory only: start from this dump of a data directory (tests load an already migrated one). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const timeout = options.statementTimeoutMs;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 20,
      Client: TimedClient,
      ...(timeout
        ? { statement_timeout: timeout, query_timeout: timeout + 2_000, connectionTimeoutMillis: REQUEST_POOL_WAIT_MS }
        : {}),
    });
    // Once the server is back, the pool opens new connections on the next query: no restart needed.
    // An idle client dropped by the server (restart, failover, a dropped database) must not crash the
    // process; the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        // Migrations may rewrite a large table: their own connection, without the statement time limits.
        const migrationPool = new pg.Pool({ connectionString: options.databaseUrl, max: 1, Client: TimedClient });
        try {
          await migratePg(drizzlePg(migrationPool, { schema }), { migrationsFolder });
        } finally {
          await migrationPool.end();
        }
      },
      close: () => pool.end(),
    };
  }
  let dataPath: string | undefined;
  let lock: { release(): void } | undefined;
  if (!options.memory) {
    const dataDir = path.resolve(options.dataDir ?? './data');
    dataPath = path.join(dataDir, 'db');
    mkdirSync(dataPath, { recursive: true });
    // PGlite is one process's database: a second one opening the same files would corrupt them.
    lock = acquireDataDirLock(dataDir);
  }
  let client: PGlite;
  try {
    // pg_trgm: the course catalogue's search index (migration 0012).
    client = await PGlite.create(dataPath, { extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
