declare module '*.md?raw' {
  const content: string;
  export default content;
}

/** Where the built app serves Pyodide from: `/pyodide/<version>/` (vite.config.ts's `define`). */
declare const __PYODIDE_PATH__: string;
