// Refuses a Node.js that package.json's "engines" does not list, in one line, before anything else runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** True when `version` (e.g. "22.12.0") satisfies a range of the forms "^a.b.c", ">=a.b.c" joined by "||". */
export function satisfiesEngines(range, version) {
  const parse = (text) => text.replace(/^v/, '').split('.').map(Number);
  const [major, minor, patch] = parse(version);
  const atLeast = ([a, b, c]) => major > a || (major === a && (minor > b || (minor === b && patch >= c)));
  return range.split('||').some((part) => {
    const term = part.trim();
    if (term.startsWith('^')) {
      const floor = parse(term.slice(1));
      return major === floor[0] && atLeast(floor);
    }
    if (term.startsWith('>=')) return atLeast(parse(term.slice(2)));
    throw new Error(`Unsupported engines range: ${term}`);
  });
}

export function checkNodeVersion(root, version = process.versions.node) {
  const range = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
  if (satisfiesEngines(range, version)) return;
  console.error(`LearnBuild needs Node.js ${range.replaceAll(' || ', ', ')}; this is Node.js ${version}.`);
  process.exit(1);
}
