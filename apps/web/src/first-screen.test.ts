// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What a server-drawn page loads before and just after its first paint, read from a real production build's
 * manifest (vite build --manifest, some seconds).
 */
interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A word of the markdown parser's own code (remark's extension hook), found in no other library we ship. */
const MARKDOWN_PARSER_MARK = 'micromarkExtensions';
const WEB_APP = path.resolve(import.meta.dirname, '..');
let outDir: string;
let manifest: Manifest;

beforeAll(() => {
  outDir = mkdtempSync(path.join(tmpdir(), 'lb-first-screen-'));
  const build = spawnSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--logLevel', 'warn'], {
    cwd: WEB_APP,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}, 180_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The chunks a module loads with it (its static imports, all the way down), itself included. */
function staticClosure(key: string): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    const chunk = manifest[name];
    expect(chunk, `${name} in the manifest`).toBeDefined();
    seen.add(name);
    for (const imported of chunk!.imports ?? []) visit(imported);
  };
  visit(key);
  return seen;
}

describe('the first screen of a server-drawn page', () => {
  it('loads no app code before the first paint: the page script only imports the app afterwards', () => {
    const beforePaint = staticClosure('index.html');
    expect(beforePaint.has('src/main.tsx')).toBe(false);
    expect(manifest['index.html']!.dynamicImports).toContain('src/main.tsx');
    // React and the router come with the app, after the paint.
    const files = [...beforePaint].map((key) => manifest[key]!.file);
    expect(files.some((file) => /react|main/.test(path.basename(file)))).toBe(false);
  });

  it('takes a blog post or a course over without the markdown renderer', () => {
    // components/ui/markdown.tsx (react-markdown, remark, the highlighter) is a chunk of its own.
    const renderer = Object.entries(manifest).find(([, chunk]) => chunk.name === 'markdown');
    expect(renderer, 'the renderer chunk').toBeDefined();
    expect(readFileSync(path.join(outDir, renderer![1].file), 'utf8')).toContain(MARKDOWN_PARSER_MARK);
    // A course's route is app/course-screen.tsx: the course page with the exercise workbench handed in (lazily).
    for (const screen of ['src/features/blog/routes/blog-post.tsx', 'src/app/course-screen.tsx']) {
      const firstScreen = new Set([...staticClosure('src/main.tsx'), ...staticClosure(screen)]);
      expect(firstScreen.has(renderer![0]), screen).toBe(false);
      for (const key of firstScreen) {
        expect(readFileSync(path.join(outDir, manifest[key]!.file), 'utf8'), `${screen}: ${key}`).not.toContain(
          MARKDOWN_PARSER_MARK,
        );
      }
    }
  });
});

/** A word of zod's own code (each schema's internals live under `._zod`), found in no other library we ship. */
const SCHEMA_LIBRARY_MARK = '._zod';

describe("a learner's page, drawn in the browser", () => {
  it('opens the course list without zod: its filters read the catalogue choices from a zod-free module', () => {
    const firstScreen = new Set([
      ...staticClosure('src/main.tsx'),
      ...staticClosure('src/features/courses/routes/courses.tsx'),
    ]);
    // The mark is there to find: the schemas' chunk has it.
    const schemaChunks = Object.values(manifest).filter((chunk) =>
      readFileSync(path.join(outDir, chunk.file), 'utf8').includes(SCHEMA_LIBRARY_MARK),
    );
    expect(schemaChunks.length).toBeGreaterThan(0);
    for (const key of firstScreen) {
      expect(readFileSync(path.join(outDir, manifest[key]!.file), 'utf8'), key).not.toContain(SCHEMA_LIBRARY_MARK);
    }
  });
});
