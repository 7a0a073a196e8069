import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressWeb } from './precompress-web.mjs';

let dist;
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const text = (bytes) => 'const lesson = "two pointers";\n'.repeat(Math.ceil(bytes / 31)).slice(0, bytes);

describe('the precompressed copies of the web build', () => {
  it('are written beside each text asset, decompress to it, and skip small files, images and the server renderer', () => {
    dist = mkdtempSync(path.join(tmpdir(), 'lb-precompress-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'server'));
    const files = {
      'assets/index-abc.js': text(20_000),
      'assets/index-abc.css': text(4_000),
      'assets/tiny-abc.js': text(MIN_BYTES - 1),
      'assets/logo.png': text(5_000),
      'server/entry-server.js': text(20_000),
    };
    for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dist, name), body);

    const written = precompressWeb(dist).map((file) => path.relative(dist, file).split(path.sep).join('/'));
    expect(written.sort()).toEqual(['assets/index-abc.css', 'assets/index-abc.js']);
    for (const name of written) {
      const original = readFileSync(path.join(dist, name));
      expect(brotliDecompressSync(readFileSync(path.join(dist, `${name}.br`))).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(path.join(dist, `${name}.gz`))).equals(original)).toBe(true);
      expect(readFileSync(path.join(dist, `${name}.br`)).length).toBeLessThan(original.length / 4);
    }
    for (const name of ['assets/tiny-abc.js', 'assets/logo.png', 'server/entry-server.js']) {
      expect(existsSync(path.join(dist, `${name}.br`)), name).toBe(false);
      expect(existsSync(path.join(dist, `${name}.gz`)), name).toBe(false);
    }
    // A second run makes no copies of the copies.
    expect(precompressWeb(dist)).toHaveLength(2);
    expect(existsSync(path.join(dist, 'assets/index-abc.js.br.br'))).toBe(false);
  });
});
