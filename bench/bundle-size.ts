/**
 * npm run bundle-size -w bench [-- <label>]: builds the web app into a temporary folder and reports the
 * JavaScript the home page loads (the entry chunk, the home screen's lazy chunk and everything they import
 * statically), raw, gzip and brotli, plus the code editor's own chunks. Fails when the home page would load
 * any of the editor's code (CodeMirror, Lezer, Sucrase, Pyodide or features/code-editor), or when a public page
 * a newcomer lands on (home, blog, a post, a course) would load zod: their first screen validates nothing.
 * Writes bench/results/bundle-size-<label>.json and rewrites bench/results/bundle-size.md from every such file.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

// BUNDLE_WEB_ROOT measures another copy of apps/web (say, a checkout from before a change).
const webRoot = path.resolve(process.env.BUNDLE_WEB_ROOT ?? path.join(import.meta.dirname, '../apps/web'));
const resultsDir = path.join(import.meta.dirname, 'results');
const label = (process.argv[2] ?? new Date().toISOString().slice(0, 10)).replace(/[^\w.-]/g, '-');

/** The screens measured: the home page, and what /code-editor adds on top of the entry. */
const HOME_SCREEN = 'src/features/pages/routes/home.tsx';
const EDITOR_SCREEN = 'src/features/code-editor/routes/code-editor.tsx';
/** The public pages' screens, which read no schema: none may load zod. */
const SCHEMA_FREE_SCREENS = {
  home: HOME_SCREEN,
  blog: 'src/features/blog/routes/blog.tsx',
  blogPost: 'src/features/blog/routes/blog-post.tsx',
  course: 'src/app/course-screen.tsx',
};
const SCHEMA_LIBRARY = /node_modules\/zod\//;
/** Modules that belong to the editor alone: none may reach the home page. */
const EDITOR_ONLY = [
  /node_modules\/@codemirror\//,
  /node_modules\/@lezer\//,
  /node_modules\/sucrase\//,
  /node_modules\/pyodide\//,
  /src\/features\/code-editor\//,
];

interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  modules: string[];
}

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

function sizesOf(bytes: Buffer): Sizes {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function add(a: Sizes, b: Sizes): Sizes {
  return { raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli };
}

const ZERO: Sizes = { raw: 0, gzip: 0, brotli: 0 };

/** A chunk and every chunk it imports statically (what the browser fetches before running it). */
function closure(start: ChunkInfo[], byFile: Map<string, ChunkInfo>): ChunkInfo[] {
  const seen = new Map<string, ChunkInfo>();
  const visit = (chunk: ChunkInfo) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const next = byFile.get(name);
      if (next) visit(next);
    }
  };
  for (const chunk of start) visit(chunk);
  return [...seen.values()];
}

async function buildAndCollect(outDir: string): Promise<ChunkInfo[]> {
  const chunks: ChunkInfo[] = [];
  const collector: Plugin = {
    name: 'bundle-size-collector',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          facadeModuleId: output.facadeModuleId,
          imports: output.imports,
          modules: Object.keys(output.modules),
        });
      }
    },
  };
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [collector],
    build: { outDir, emptyOutDir: true },
  });
  return chunks;
}

function relative(moduleId: string): string {
  return moduleId.replace(/\\/g, '/').replace(/^.*?\/(node_modules\/|apps\/web\/)/, '$1');
}

const outDir = mkdtempSync(path.join(tmpdir(), 'learnbuild-bundle-'));
try {
  const chunks = await buildAndCollect(outDir);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const sized = (list: ChunkInfo[]) =>
    list.reduce((total, chunk) => add(total, sizesOf(readFileSync(path.join(outDir, chunk.fileName)))), ZERO);
  const screen = (suffix: string) => chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(suffix));

  const entry = chunks.filter((chunk) => chunk.isEntry);
  const home = screen(HOME_SCREEN);
  if (!home) throw new Error(`no chunk for ${HOME_SCREEN}`);
  const entryFiles = closure(entry, byFile);
  const homeFiles = closure([...entry, home], byFile);
  const editor = screen(EDITOR_SCREEN);
  const editorFiles = editor
    ? closure([editor], byFile).filter((chunk) => !entryFiles.some((e) => e.fileName === chunk.fileName))
    : [];

  const leaks = homeFiles.flatMap((chunk) =>
    chunk.modules
      .map(relative)
      .filter((id) => EDITOR_ONLY.some((pattern) => pattern.test(id)))
      .map((id) => `${chunk.fileName}: ${id}`),
  );
  const publicPages = Object.entries(SCHEMA_FREE_SCREENS).map(([name, file]) => {
    const chunk = screen(file);
    if (!chunk) throw new Error(`no chunk for ${file}`);
    const files = closure([...entry, chunk], byFile);
    const zod = files.flatMap((c) => c.modules.map(relative).filter((id) => SCHEMA_LIBRARY.test(id)));
    return { name, js: sized(files), zodModules: zod.length };
  });
  const assets = readdirSync(path.join(outDir, 'assets'));
  const workers = assets.filter((name) => /worker/i.test(name) && name.endsWith('.js'));
  // Pyodide's runtime sits under its version's folder (dist/pyodide/<version>/).
  const pyodideDir = (() => {
    try {
      const [version] = readdirSync(path.join(outDir, 'pyodide'));
      return version ? path.join(outDir, 'pyodide', version) : null;
    } catch {
      return null;
    }
  })();
  const pyodideFiles = pyodideDir ? readdirSync(pyodideDir) : [];

  const result = {
    label,
    /** BUNDLE_NOTE: what this run measured, shown in the summary. */
    note: process.env.BUNDLE_NOTE ?? '',
    measuredAt: new Date().toISOString(),
    node: process.version,
    homePage: {
      files: homeFiles.map((chunk) => chunk.fileName).sort(),
      js: sized(homeFiles),
      entryChunk: sized(entry),
    },
    codeEditor: editor
      ? {
          files: editorFiles.map((chunk) => chunk.fileName).sort(),
          js: sized(editorFiles),
          workers: workers.map((name) => ({ name, ...sizesOf(readFileSync(path.join(outDir, 'assets', name))) })),
          pyodideFiles: pyodideFiles.map((name) => ({
            name,
            raw: readFileSync(path.join(pyodideDir ?? outDir, name)).length,
          })),
        }
      : null,
    editorCodeOnHomePage: leaks,
    /** Each public page's JavaScript (entry and screen) and how many zod modules it would load (must be 0). */
    publicPages,
  };
  writeFileSync(path.join(resultsDir, `bundle-size-${label}.json`), `${JSON.stringify(result, null, 2)}\n`);
  writeSummary();
  console.log(
    JSON.stringify({ label, homePage: result.homePage.js, codeEditor: result.codeEditor?.js, publicPages }, null, 2),
  );
  if (leaks.length > 0) {
    console.error(`The home page loads editor code:\n${leaks.join('\n')}`);
    process.exitCode = 1;
  }
  const withSchemas = publicPages.filter((page) => page.zodModules > 0);
  if (withSchemas.length > 0) {
    console.error(`Public pages load zod: ${withSchemas.map((page) => page.name).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

function publicPagesCell(pages: { name: string; js: Sizes; zodModules: number }[] | undefined): string {
  if (!pages) return '-';
  return pages.map((page) => `${page.name} ${kib(page.js.gzip)} (${page.zodModules})`).join(', ');
}

function writeSummary() {
  const runs = readdirSync(resultsDir)
    .filter((name) => /^bundle-size-.+\.json$/.test(name))
    .map((name) => JSON.parse(readFileSync(path.join(resultsDir, name), 'utf8')))
    .sort((a, b) => String(a.measuredAt).localeCompare(String(b.measuredAt)));
  const lines = [
    '# Bundle size',
    '',
    "Written by `bench/bundle-size.ts`. The home page's JavaScript is the entry chunk, the home screen's lazy",
    'chunk and every chunk they import statically; gzip at level 9, brotli at quality 11 (the server compresses',
    'on the fly at lower settings, so real transfers are a little larger).',
    '',
    '| run | measured | home page JS raw | gzip | brotli | entry chunk gzip | code editor adds (gzip) | editor code on home page | public pages JS gzip (zod modules) | note |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (run) =>
        `| ${run.label} | ${String(run.measuredAt).slice(0, 16)} | ${kib(run.homePage.js.raw)} | ${kib(run.homePage.js.gzip)} | ${kib(run.homePage.js.brotli)} | ${kib(run.homePage.entryChunk.gzip)} | ${run.codeEditor ? kib(run.codeEditor.js.gzip) : '-'} | ${run.editorCodeOnHomePage.length === 0 ? 'none' : run.editorCodeOnHomePage.length} | ${publicPagesCell(run.publicPages)} | ${run.note ?? ''} |`,
    ),
    '',
  ];
  writeFileSync(path.join(resultsDir, 'bundle-size.md'), lines.join('\n'));
}
