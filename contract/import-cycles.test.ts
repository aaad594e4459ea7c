import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

// No module of the API, the storefront or the contract imports itself back through others, types
// included: a cycle makes load order matter and every file in it a reason to read all the others.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function programFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : programFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The repository file a relative, @contract/ or ~/ (the storefront's app/) specifier names, or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@contract/')
    ? join(root, 'contract', specifier.slice('@contract/'.length))
    : specifier.startsWith('~/')
      ? join(root, 'app', specifier.slice('~/'.length))
      : specifier.startsWith('.')
        ? resolve(root, dirname(from), specifier)
        : null;
  if (!base) return null;
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, join(stem, 'index.ts'), join(stem, 'index.tsx')])
    if (existsSync(candidate)) return relative(root, candidate);
  return null;
}

/** Every cycle's files in import order, each cycle once. */
export function importCycles(files: string[]): string[][] {
  const edges = new Map(
    files.map((file) => [
      file,
      [...readFileSync(join(root, file), 'utf8').matchAll(SPECIFIER)]
        .map((m) => resolveImport(file, m[1]))
        .filter((to): to is string => to !== null),
    ]),
  );
  return walkCycles(files, (file) => edges.get(file) ?? []);
}

/** The cycles of a graph, found by a depth-first walk: each as its nodes in order, the first repeated at the end. */
function walkCycles(nodes: string[], edgesOf: (node: string) => string[]): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const cycles = new Map<string, string[]>();
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const to of edgesOf(file)) {
      if (state.get(to) === 'open') {
        const cycle = path.slice(path.indexOf(to));
        cycles.set([...cycle].sort().join(' '), cycle);
      } else if (!state.has(to)) visit(to);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of nodes) if (!state.has(file)) visit(file);
  return [...cycles.values()].map((cycle) => [...cycle, cycle[0]]);
}

describe('import cycles', () => {
  it('the API and the contract import nothing that imports them back', () => {
    expect(importCycles([...programFiles('api/src'), ...programFiles('contract')]).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('nor does the storefront, its .tsx modules included', () => {
    const files = programFiles('app');
    expect(files).toContain('app/routes/cart.tsx');
    expect(importCycles(files).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    // Guards the walk itself: app.ts imports the routes, so a route importing app.ts would be a cycle.
    expect(resolveImport('api/src/routes/health.ts', '../app.js')).toBe('api/src/app.ts');
    expect(resolveImport('api/src/app.ts', './routes/admin/index.js')).toBe('api/src/routes/admin/index.ts');
    expect(resolveImport('contract/api/cart.ts', '@contract/money')).toBe('contract/money.ts');
    expect(resolveImport('app/routes/cart.tsx', '~/components/cart/order-summary')).toBe('app/components/cart/order-summary.tsx');
    expect(resolveImport('app/lib/context.server.ts', './session.server')).toBe('app/lib/session.server.ts');
  });

  it('names each cycle it walks into, once, in import order', () => {
    // Guards the walk itself: two cycles through b, each named once; d leads into one but is in none.
    const edges: Record<string, string[]> = { a: ['b'], b: ['c', 'a'], c: ['b'], d: ['a'] };
    expect(walkCycles(Object.keys(edges), (file) => edges[file])).toEqual([
      ['b', 'c', 'b'],
      ['a', 'b', 'a'],
    ]);
  });
});
