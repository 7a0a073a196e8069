// How scripts/run-e2e.mjs splits the browser tests between shards run side by side.

/** The spec files dealt to `count` shards by their measured seconds (longest first, to the least loaded). */
export function dealFiles(files, seconds, count) {
  const known = files.map((file) => seconds[file]).filter((value) => typeof value === 'number');
  const sorted = [...known].sort((a, b) => a - b);
  const fallback = sorted.length ? sorted[Math.floor(sorted.length / 2)] : 1;
  const weight = (file) => (typeof seconds[file] === 'number' ? seconds[file] : fallback);
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return shards.map((shard) => shard.files.sort());
}

const RESULT_LINE = /› e2e\/tests\/([\w.-]+\.spec\.ts):\d+:\d+ › .*\((\d+(?:\.\d+)?)(ms|s|m)\)\s*$/;
const UNIT_SECONDS = { ms: 0.001, s: 1, m: 60 };

/**
 * Adds the seconds of one line of Playwright's list reporter ("✓ 12 [chromium] › e2e/tests/a.spec.ts:5:3 › … (8.6s)")
 * to its file's total in `seconds`; retries count too, since they take the shard's time as well. Other lines are
 * ignored.
 */
export function addMeasuredLine(seconds, line) {
  const match = RESULT_LINE.exec(line);
  if (!match) return;
  const [, file, amount, unit] = match;
  seconds[file] = Math.round(((seconds[file] ?? 0) + Number(amount) * UNIT_SECONDS[unit]) * 10) / 10;
}
