/**
 * The Node.js flags the API server runs with: `npm start` (scripts/start.mjs) and the benchmarks' servers
 * (bench/lib/load-test.ts, bench/lighthouse.ts) take them from here.
 *
 * V8's young generation may grow to 64 MiB per semi-space (default 16). Under load the server makes short-lived
 * objects for every request; with the default, a process could settle on a small young generation that
 * promoted them to the old one every 30 ms or so and spent a sixth of its time collecting (measured in bench/:
 * about 300 scavenges of 5 ms in one run against about 100 of 2.4 ms, and two thirds of the cold-read throughput).
 */
export const SERVER_NODE_FLAGS = Object.freeze(['--max-semi-space-size=64']);
