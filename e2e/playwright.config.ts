import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3199);
export const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '/tmp/learnbuild-e2e-mail';

export default defineConfig({
  testDir: './tests',
  // Per shard when scripts/run-e2e.mjs runs several side by side (a run empties its folder when it starts).
  outputDir: process.env.E2E_OUTPUT_DIR,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // Two shards share two cores with their servers and browsers: a screen that shows in one second alone can take
  // several, so an assertion waits up to 10 s (Playwright's own 5 s) before it fails.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recorded on the retry of a failed test only: recording every test costs a seventh of the suite's time.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node serve.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(PORT), E2E_MAIL_DIR: MAIL_DIR },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
