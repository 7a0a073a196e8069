#!/usr/bin/env node
/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible asset of the built web app, compressed once with
 * strong settings, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing each asset on every request. Run by the web app's build: `node scripts/precompress-web.mjs <dist>`.
 * The server renderer's folder (dist/server) is the API's code, never served, and is left alone.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files that compress well (text and WebAssembly); images and fonts (woff2) are compressed already. */
const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.wasm',
]);
/** Below this a compressed copy saves less than its headers cost. */
export const MIN_BYTES = 1024;
/**
 * Above this (the Python runner's 9.6 MB WebAssembly) brotli's strongest setting takes half a minute a build for a
 * few percent: quality 6 takes about a second and a copy about a tenth bigger.
 */
const LARGE_BYTES = 1024 * 1024;
const LARGE_QUALITY = 6;

/** Every file below `dir` (skipping `skip` folders), as absolute paths. */
function filesBelow(dir, skip) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skip.has(full) ? [] : filesBelow(full, skip);
    return entry.isFile() ? [full] : [];
  });
}

/** Compresses the compressible assets below `dist`; answers the files it wrote copies of. */
export function precompressWeb(dist) {
  const root = path.resolve(dist);
  const written = [];
  for (const file of filesBelow(root, new Set([path.join(root, 'server')]))) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file)) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: body.length > LARGE_BYTES ? LARGE_QUALITY : constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    // A copy no smaller than the file would only cost a lookup.
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    written.push(file);
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dist = process.argv[2] ?? 'dist';
  const written = precompressWeb(dist);
  console.log(`precompressed ${written.length} assets in ${dist} (brotli and gzip)`);
}
