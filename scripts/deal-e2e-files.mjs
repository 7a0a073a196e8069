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
