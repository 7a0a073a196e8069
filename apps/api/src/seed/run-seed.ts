import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runSeed } from './seed';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await runSeed(
  database.db,
  { ...config, seedDemo: process.env.SEED_DEMO !== '0' },
  { info: (o: unknown, m?: string) => console.log(m ?? '', o) },
);
await database.close();
console.log('Seed complete.');
