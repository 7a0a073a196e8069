import { it } from 'vitest';
import { buildTestApp } from '/work/main/apps/api/src/test/build-test-app';
import { member } from '/work/main/apps/api/src/modules/community/community-fixtures';
import { seedCommunityCategories } from '/work/main/apps/api/src/modules/community/seed';
import * as community from '/work/main/apps/api/src/modules/community/service';
it('dbg', async () => {
  const t = await buildTestApp();
  await seedCommunityCategories(t.database.db);
  const a = await member(t);
  const poster = await community.verifiedPoster(t.database.db, a.user.id);
  try {
    console.log(await community.createThread({ db: t.database.db, config: t.config }, poster, { title: 'hello there you', body: 'x', category: 'general', tags: [] }));
  } catch (e) { console.error(e); }
  await t.close();
});
