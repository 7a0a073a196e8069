import { loadConfigOrExit } from '../../config';
import { openDatabase } from '../../db/client';
import { recomputeBadges } from './service';

// `npm run badges:recompute -w @learnbuild/api`: awards every learner the badges their data earns and they lack
// (dated now), on the same database as start; reports how many it added.
const config = loadConfigOrExit();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const started = Date.now();
  const { learners, awarded } = await recomputeBadges(database.db);
  console.log(`Badges recomputed for ${learners} learners in ${Date.now() - started} ms: ${awarded} added.`);
} finally {
  await database.close();
}
