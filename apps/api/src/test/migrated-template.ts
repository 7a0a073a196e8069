/**
 * Vitest global set-up for the API suite: migrates one database before the first test file and lets every
 * `buildTestApp` start from a copy of it, instead of each app creating and migrating its own (four to six
 * seconds a time on this machine's two cores, some sixty times a run).
 *
 * - Embedded PostgreSQL (no DATABASE_URL): a dump of a migrated in-memory PGlite, written to a temporary file
 *   whose path goes to the test processes in LEARNBUILD_TEST_PGLITE_DUMP.
 * - PostgreSQL server (DATABASE_URL): a migrated template database, named in LEARNBUILD_TEST_TEMPLATE_DATABASE;
 *   each test database is created from it with `create database ... template ...`.
 *
 * The copies are made from this run's migrations, so they never lag behind a new one; a test that is about
 * migrations themselves opens its own database and does not use them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client';
import { createScratchDatabase, PGLITE_DUMP_ENV, TEMPLATE_DATABASE_ENV } from './build-test-app';

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await createScratchDatabase(serverUrl, `lb_template_${randomBytes(3).toString('hex')}`);
    const database = await openDatabase({ databaseUrl: template.url });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    process.env[TEMPLATE_DATABASE_ENV] = new URL(template.url).pathname.slice(1);
    return async () => {
      delete process.env[TEMPLATE_DATABASE_ENV];
      await template.drop();
    };
  }
  const database = await openDatabase({ memory: true });
  const folder = mkdtempSync(path.join(tmpdir(), 'learnbuild-test-template-'));
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const file = path.join(folder, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[PGLITE_DUMP_ENV] = file;
  } finally {
    await database.close();
  }
  return async () => {
    delete process.env[PGLITE_DUMP_ENV];
    rmSync(folder, { recursive: true, force: true });
  };
}
