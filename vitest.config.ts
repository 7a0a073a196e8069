import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's own default leaves a core idle (cores - 1: one worker on a two-core machine); much of the API suite
    // waits on its database, so every core gets a worker.
    maxWorkers: availableParallelism(),
    projects: [
      {
        // The judge's driver tests run Python and Node programs: a busy machine makes a run take seconds.
        test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
      },
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'] } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.content.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          globalSetup: ['src/test/migrated-template.ts'],
        },
      },
      {
        // The judged problems as content (issue 28): every reference run against every test in the server's
        // sandboxes. No database, so it runs once (not again against the PostgreSQL server), its files side by side.
        test: {
          name: 'content',
          root: 'apps/api',
          include: ['src/**/*.content.test.ts'],
          testTimeout: 120_000,
          // A reference judged while the machine is busy may miss a time limit it meets alone; a wrong answer fails
          // every time, so one more try hides no mistake in the content.
          retry: 1,
          pool: 'forks',
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Component tests share the CPU with the API suites running beside them.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
