import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

// The three patches of patches/ (ADR 036) are made against exact versions: package.json pins them,
// and this fails when an install brought another version or left a patch out.
const require = createRequire(import.meta.url);
const root = join(__dirname, '..', '..');
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides?: Record<string, string>;
};

/** What each patch adds, one line from the patched file. */
const MARKERS: Record<string, { file: string; marker: string }> = {
  '@remix-run/react': { file: 'dist/server.js', marker: 'const serverRoutesCache = new WeakMap();' },
  '@remix-run/router': { file: 'dist/router.cjs.js', marker: 'let branches = rankedBranchesOf(routes);' },
  'react-router-dom': { file: 'server.js', marker: 'const dataRoutesCache = new WeakMap();' },
};

const patches = readdirSync(join(root, 'patches'))
  .filter((name) => name.endsWith('.patch'))
  .map((name) => {
    const [, scoped, version] = /^(.+)\+([^+]+)\.patch$/.exec(name)!;
    return { name: scoped.replace('+', '/'), version };
  });

describe('the patched packages', () => {
  it('are the three the ADR names', () => {
    expect(patches.map((p) => p.name).sort()).toEqual(Object.keys(MARKERS).sort());
  });

  for (const { name, version } of patches) {
    it(`${name} is installed at ${version}, pinned, with its patch applied`, () => {
      const folder = join(require.resolve(`${name}/package.json`, { paths: [root] }), '..');
      expect(JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).version).toBe(version);
      const declared = rootPackage.dependencies[name] ?? rootPackage.devDependencies[name] ?? rootPackage.overrides?.[name];
      expect(declared, `${name} in package.json`).toBe(version);
      expect(readFileSync(join(folder, MARKERS[name].file), 'utf8')).toContain(MARKERS[name].marker);
    });
  }
});
