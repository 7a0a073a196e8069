/** The benchmarks' own databases on the benchmark's PostgreSQL server. */
import pg from 'pg';

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

export async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await admin.end();
  }
}

/** Prints a step of the data generation with the seconds since `started`. */
export function logStep(message: string, started: number): void {
  console.log(`  ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
