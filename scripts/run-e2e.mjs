// Runs the browser tests when Chromium is found; skips loudly otherwise (E2E_REQUIRED=1 fails instead).
//
// The suite is split into shards run side by side, each with a server of its own (its own port, embedded
// database, mail folder and results folder), so no shard sees another's data. E2E_SHARDS sets how many
// (default: the machine's cores, at most 4; 1 when particular tests are named on the command line). Whole spec
// files are dealt to the shards by their measured seconds (e2e/durations.json; a file not in it counts as the
// median), the longest first, each to the shard with the least so far, so the shards end at about one time.
// The seconds are the sums of a CI run's per-test times; a run of several shards writes this run's sums to
// test-results/e2e-durations.json: copy it over e2e/durations.json when a file grows or a new one is slow. Tests
// declared in a shared module (the route matrix of a11y-matrix.ts) are reported at that module, not at the spec
// that runs them: keep a11y.spec.ts and a11y-roles.spec.ts as they are in e2e/durations.json.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { addMeasuredLine, dealFiles } from './deal-e2e-files.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const line = `BROWSER TESTS SKIPPED: no Chromium at ${chromium} (install Debian's chromium or set CHROMIUM_PATH)`;
  if (process.env.E2E_REQUIRED === '1') {
    console.error(`${line}; E2E_REQUIRED=1 makes this a failure.`);
    process.exit(1);
  }
  console.warn(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}\n`);
  process.exit(0);
}

const args = process.argv.slice(2);
const named = args.some((arg) => !arg.startsWith('-'));
// Spec files named on the command line are the ones dealt (E2E_SHARDS=2 npm run test:e2e -- e2e/tests/a.spec.ts ...);
// other filters (a line number, a title) are given to every shard.
const namedSpecs = args.filter((arg) => /\.spec\.ts$/.test(arg)).map((arg) => path.basename(arg));
const filters = args.filter((arg) => !/\.spec\.ts$/.test(arg));
const shards = Number(process.env.E2E_SHARDS ?? (named ? 1 : Math.min(4, availableParallelism())));
if (!Number.isInteger(shards) || shards < 1) {
  console.error(`E2E_SHARDS must be a whole number from 1, not "${process.env.E2E_SHARDS}"`);
  process.exit(1);
}
const basePort = Number(process.env.E2E_PORT ?? 3199);
const baseMailDir = process.env.E2E_MAIL_DIR ?? '/tmp/learnbuild-e2e-mail';

const testsDir = path.join(import.meta.dirname, '..', 'e2e', 'tests');
const specFiles = namedSpecs.length ? namedSpecs : readdirSync(testsDir).filter((file) => file.endsWith('.spec.ts'));
const measured = JSON.parse(readFileSync(path.join(testsDir, '..', 'durations.json'), 'utf8'));
// A shard dealt no file is not started (with no file named, Playwright would run them all).
const dealt = shards > 1 ? dealFiles(specFiles, measured, shards).filter((files) => files.length > 0) : [[]];

const measuredNow = {};

/** One shard: its own playwright process and server; its lines are prefixed with its number when there are several. */
function runShard(index) {
  const shardArgs = shards > 1 ? dealt[index].map((file) => `e2e/tests/${file}`) : [];
  const env = {
    ...process.env,
    E2E_PORT: String(basePort + index),
    E2E_MAIL_DIR: shards > 1 ? `${baseMailDir}-${index + 1}` : baseMailDir,
    E2E_OUTPUT_DIR: shards > 1 ? `test-results/shard-${index + 1}` : 'test-results',
  };
  const child = spawn(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...shardArgs, ...(shards > 1 ? filters : args)],
    {
      env,
      stdio: shards > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    },
  );
  if (shards > 1) {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream }).on('line', (line) => {
        addMeasuredLine(measuredNow, line);
        out.write(`[shard ${index + 1}] ${line}\n`);
      });
    }
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(dealt.map((_, index) => runShard(index)));
const failed = codes.filter((code) => code !== 0).length;
if (shards > 1) {
  console.log(failed ? `${failed} of ${shards} shards failed` : `all ${shards} shards passed`);
  mkdirSync('test-results', { recursive: true });
  const sorted = Object.fromEntries(Object.entries(measuredNow).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync('test-results/e2e-durations.json', `${JSON.stringify(sorted, null, 2)}\n`);
  console.log("this run's seconds per spec file: test-results/e2e-durations.json (for e2e/durations.json)");
}
process.exit(failed ? 1 : 0);
