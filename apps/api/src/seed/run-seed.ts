import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/client';
import { runSeed } from './seed';

// `npm run seed`: the same configuration as start, so demo accounts follow the same default
// (on with the embedded database, off with DATABASE_URL unless SEED_DEMO=1).
const config = loadConfigOrExit();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await runSeed(database.db, config, {
  info: (details: unknown, message?: string) => console.log(message ?? '', details),
});
await database.close();
console.log(`Seed complete.${config.seedDemo ? '' : ' Demo accounts skipped (SEED_DEMO is off).'}`);
