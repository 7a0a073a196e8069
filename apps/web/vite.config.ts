import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Pyodide (the code editor's Python) is served from our own origin at /pyodide/<version>/, never from a CDN:
 * the build copies the runtime files of the npm package into dist/pyodide/<version>/, which the API serves as
 * static files with a year of caching (its version in the path, a new Pyodide never meets an old one in a
 * browser's cache), and the dev server serves them from node_modules. The worker reads the path from
 * __PYODIDE_PATH__.
 */
const PYODIDE_FILES: Record<string, string> = {
  'pyodide.mjs': 'text/javascript',
  'pyodide.asm.mjs': 'text/javascript',
  'pyodide.asm.wasm': 'application/wasm',
  'python_stdlib.zip': 'application/zip',
  'pyodide-lock.json': 'application/json',
};

const pyodideSource = path.dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
const PYODIDE_VERSION = (
  JSON.parse(readFileSync(path.join(pyodideSource, 'package.json'), 'utf8')) as { version: string }
).version;
const PYODIDE_PATH = `/pyodide/${PYODIDE_VERSION}/`;

function pyodideFromOurOrigin(): Plugin {
  const source = pyodideSource;
  return {
    name: 'learnbuild:pyodide',
    configureServer(server) {
      server.middlewares.use(PYODIDE_PATH, (request, response, next) => {
        const name = (request.url ?? '').split('?')[0]!.replace(/^\//, '');
        const type = PYODIDE_FILES[name];
        if (!type) return next();
        response.setHeader('content-type', type);
        createReadStream(path.join(source, name)).pipe(response);
      });
    },
    generateBundle() {
      // The server renderer's build (dist/server/) needs no runtime of its own.
      if (this.environment.config.consumer === 'server') return;
      for (const name of Object.keys(PYODIDE_FILES)) {
        this.emitFile({
          type: 'asset',
          fileName: `${PYODIDE_PATH.slice(1)}${name}`,
          source: readFileSync(path.join(source, name)),
        });
      }
    },
  };
}

/** The web font every page's text uses (src/fonts.css): preloaded, so it arrives with the page's CSS. */
const PRELOADED_FONTS = ['inter-latin-wght-normal'];

function preloadFonts(): Plugin {
  return {
    name: 'learnbuild:preload-fonts',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const assets = Object.values(context.bundle ?? {}).filter((output) => output.type === 'asset');
        return assets
          .filter((asset) => PRELOADED_FONTS.some((name) => asset.names.some((file) => file === `${name}.woff2`)))
          .map((asset) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${asset.fileName}`, crossorigin: '' },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), pyodideFromOurOrigin(), preloadFonts()],
  define: { __PYODIDE_PATH__: JSON.stringify(PYODIDE_PATH) },
  // Imports name their place from src/ (`@/components/ui/button`) instead of climbing with ../../../.
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' } },
  // The code runner workers are named files (assets/<name>.worker-<hash>.js): the API gives them their own
  // Content-Security-Policy (apps/api/src/plugins/security-headers.ts).
  worker: { format: 'es', rolldownOptions: { output: { entryFileNames: 'assets/[name]-[hash].js' } } },
  build: { sourcemap: false, chunkSizeWarningLimit: 700 },
  // The server renderer (src/entry-server.tsx, loaded by the API from dist/server/) carries its libraries
  // inside it: the dist folder may be copied anywhere, away from node_modules.
  ssr: { noExternal: true },
});
