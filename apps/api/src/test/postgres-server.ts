import pg from 'pg';

/** The PostgreSQL server the several-instance tests share: DATABASE_URL's, else this machine's. */
export const POSTGRES_SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Why the PostgreSQL server at `url` cannot be used, or null when it answers. */
export async function postgresUnreachable(url = POSTGRES_SERVER_URL): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `no PostgreSQL at ${url} (${(error as Error).message}); set DATABASE_URL`;
  } finally {
    await client.end().catch(() => undefined);
  }
}
