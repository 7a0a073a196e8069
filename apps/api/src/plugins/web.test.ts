import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

let t: TestApp;
let webDist: string;
const SCRIPT = 'export const lesson = "two pointers";\n'.repeat(200);
const STYLES = '.prose-lesson { margin: 0 auto; }\n'.repeat(100);

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'lb-web-static-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  // Pyodide's runtime under its version's folder (apps/web/vite.config.ts), and a file beside it that is not.
  mkdirSync(path.join(webDist, 'pyodide', '0.29.0'), { recursive: true });
  writeFileSync(path.join(webDist, 'pyodide', '0.29.0', 'pyodide.mjs'), SCRIPT);
  writeFileSync(path.join(webDist, 'pyodide', 'notes.txt'), 'not versioned');
  // Built without copies (an older build): compressed on the fly.
  writeFileSync(path.join(webDist, 'assets', 'styles-abc123.css'), STYLES);
  t = await buildTestApp({ webDist });
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const asset = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built web assets', () => {
  it('are sent as the build compressed them, brotli or gzip as asked, with their type and a year of caching', async () => {
    const br = await asset('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await asset('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);

    const plain = await asset('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('are compressed on the fly when the build left no copy', async () => {
    const css = await asset('/assets/styles-abc123.css', 'br');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('cache Pyodide for a year under its version’s folder, and nothing else outside the hashed assets', async () => {
    const runtime = await asset('/pyodide/0.29.0/pyodide.mjs');
    expect(runtime.statusCode).toBe(200);
    expect(runtime.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const loose = await asset('/pyodide/notes.txt');
    expect(loose.statusCode).toBe(200);
    expect(loose.headers['cache-control']).not.toMatch(/immutable/);
  });

  it('never send a compressed copy by its own name as if it were the script', async () => {
    const copy = await asset('/assets/index-abc123.js.br');
    expect(copy.headers['content-type'] ?? '').not.toMatch(/javascript/);
  });
});
