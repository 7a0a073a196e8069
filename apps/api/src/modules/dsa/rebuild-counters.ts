import { loadConfigOrExit } from '../../config';
import { openDatabase } from '../../db/client';
import { rebuildLearnerCounters } from './queries';

// `npm run dsa:rebuild-counters -w apps/api`: recounts every learner's DSA counters from the progress
// rows, on the same database as start. Progress writes wait while it runs (seconds at millions of rows).
const config = loadConfigOrExit();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const started = Date.now();
  const learners = await rebuildLearnerCounters(database.db);
  console.log(`DSA counters rebuilt for ${learners} learners in ${Date.now() - started} ms.`);
} finally {
  await database.close();
}
