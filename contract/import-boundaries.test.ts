import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

// The two programs meet only in contract/: the API never imports the storefront, the storefront never
// imports the API, and the contract imports neither, nor anything that needs Node (it runs in browsers and workerd).
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Where a specifier points: a top-level folder of the repository, or the package it names. */
function target(file: string, specifier: string): { folder?: string; pkg?: string } {
  if (specifier.startsWith('~/')) return { folder: 'app' };
  if (specifier.startsWith('@contract/')) return { folder: 'contract' };
  if (specifier.startsWith('.')) {
    const to = relative(root, resolve(root, dirname(file), specifier));
    return { folder: to.startsWith('..') ? '..' : to.split(sep)[0] };
  }
  return { pkg: specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0] };
}

function importsOf(file: string) {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(SPECIFIER)].map((match) => ({ specifier: match[1], ...target(file, match[1]) }));
}

function offences(dir: string, allowed: (to: { folder?: string; pkg?: string }) => boolean, includeTests = false) {
  return sourceFiles(dir)
    .filter((file) => includeTests || !isTest(file))
    .flatMap((file) =>
      importsOf(file)
        .filter((to) => !allowed(to))
        .map((to) => `${file} → ${to.specifier}`),
    );
}

describe('import boundaries', () => {
  it('the API does not import the storefront', () => {
    expect(offences('api', (to) => to.folder !== 'app')).toEqual([]);
  });

  it('the storefront does not import the API', () => {
    expect(offences('app', (to) => to.folder !== 'api')).toEqual([]);
  });

  it('the contract imports only itself and zod (so nothing that needs Node)', () => {
    const allowed = (to: { folder?: string; pkg?: string }) => (to.folder ? to.folder === 'contract' : to.pkg === 'zod');
    expect(offences('contract', allowed)).toEqual([]);
    expect(sourceFiles('contract').filter((file) => !isTest(file)).length).toBeGreaterThan(5);
  });

  it('finds the imports it checks', () => {
    // Guards the scanner itself: a known import of each kind must be seen.
    expect(importsOf('api/src/app.ts').some((to) => to.pkg === 'hono')).toBe(true);
    expect(importsOf('app/root.tsx').some((to) => to.folder === 'app' || to.folder === 'contract')).toBe(true);
    expect(importsOf('contract/totals.ts').map((to) => to.folder)).toEqual(['contract']);
  });
});
