/** The benchmarks' own databases on the benchmark's PostgreSQL server. */
import pg from 'pg';
import { type Db, openDatabase } from '../../apps/api/src/db/client';

/** The benchmark's PostgreSQL server; each benchmark makes its own database on it. */
export const SERVER_URL = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The address of database `name` on the server at `serverUrl`. */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement (create or drop database) on the server's maintenance database. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export const createDatabase = (serverUrl: string, name: string) => onServer(serverUrl, `create database ${name}`);

export const dropDatabase = (serverUrl: string, name: string) =>
  onServer(serverUrl, `drop database if exists ${name} with (force)`);

/**
 * Creates database `name` with the app's schema (its migrations), then runs `prepare` on it (seeds) and
 * answers what that returned.
 */
export async function createMigratedDatabase<T = void>(
  serverUrl: string,
  name: string,
  prepare?: (db: Db) => Promise<T>,
): Promise<T | undefined> {
  await createDatabase(serverUrl, name);
  const database = await openDatabase({ databaseUrl: databaseUrlOn(serverUrl, name) });
  try {
    await database.migrate();
    return await prepare?.(database.db);
  } finally {
    await database.close();
  }
}

/** Brings a kept database up to the app's current schema (its new migrations) before a run reuses it. */
export async function migrateDatabase(serverUrl: string, name: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: databaseUrlOn(serverUrl, name) });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

export async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await admin.end();
  }
}

/** Drops the database at the end of a run, or keeps it when BENCH_KEEP=1 (for a later run or EXPLAIN). */
export async function dropUnlessKept(serverUrl: string, name: string): Promise<void> {
  if (process.env.BENCH_KEEP === '1') console.log(`Kept the database ${name}`);
  else await dropDatabase(serverUrl, name);
}

/** Prints a step of the data generation with the seconds since `started`. */
export function logStep(message: string, started: number): void {
  console.log(`  ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
