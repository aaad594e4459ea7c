import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

// docs/architecture.md's feature table is where a newcomer goes from a feature to its files: every
// path it names must exist, so a file moved or renamed without the table fails here, not in a reader's hands.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOC = 'docs/architecture.md';

/** Where each column's paths start: storefront paths under app/, the API's under api/src/; the repository's root otherwise. */
const COLUMNS = [
  { name: 'Feature', base: 'app' },
  { name: 'Storefront', base: 'app' },
  { name: 'Contract', base: '.' },
  { name: 'API route', base: 'api/src' },
  { name: 'Service', base: 'api/src' },
] as const;

type Row = { feature: string; cells: string[] };

function featureRows(markdown: string): Row[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Where each feature lives'));
  if (!section) throw new Error(`${DOC} has no "Where each feature lives" section`);
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  return lines.slice(2).map((line) => {
    // Cells split on the table's pipes, not on an escaped one inside a cell (`backup\|restore`).
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
    return { feature: cells[0], cells };
  });
}

/**
 * The paths a cell names: the code spans that are a file or folder (a slash, or a file's ending), not a
 * name (`cachedBrowse`), an endpoint (`POST orders/refund`, written with its method) or an address (`/api/returns`).
 */
export function pathsIn(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)]
    .map((match) => match[1])
    .filter((span) => !/\s/.test(span) && !span.startsWith('/'))
    .filter((span) => span.includes('/') || /\.(tsx?|m?js|json|css|md|sql)$/.test(span));
}

/** The files a path names: itself, or for a pattern (`components/admin/product-*.tsx`, `locales/{en,it}/*.json`) what it matches. */
function matches(path: string): string[] {
  const braces = /\{([^}]+)\}/.exec(path);
  if (braces)
    return braces[1]
      .split(',')
      .flatMap((choice) => matches(path.slice(0, braces.index) + choice + path.slice(braces.index + braces[0].length)));
  if (!path.includes('*')) return existsSync(path) ? [path] : [];
  const segments = path.split('/');
  const at = segments.findIndex((segment) => segment.includes('*'));
  const dir = segments.slice(0, at).join('/');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  const pattern = new RegExp(`^${segments[at].replace(/[.+?^$()[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  const rest = segments.slice(at + 1).join('/');
  return readdirSync(dir)
    .filter((name) => pattern.test(name))
    .flatMap((name) => (rest ? matches(`${dir}/${name}/${rest}`) : [`${dir}/${name}`]));
}

/** Missing paths, as "feature → path": each looked for under its column's folder, then from the root. */
function missing(rows: Row[]): string[] {
  return rows.flatMap(({ feature, cells }) =>
    cells.flatMap((cell, column) =>
      pathsIn(cell)
        .filter((path) => [COLUMNS[column]?.base ?? '.', '.'].every((base) => matches(join(root, base, path)).length === 0))
        .map((path) => `${feature.slice(0, 60)} → ${COLUMNS[column]?.name}: ${path}`),
    ),
  );
}

const rows = featureRows(readFileSync(join(root, DOC), 'utf8'));

describe(`${DOC}, where each feature lives`, () => {
  it('names only files and folders that exist', () => {
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.every((row) => row.cells.length === COLUMNS.length)).toBe(true);
    expect(missing(rows)).toEqual([]);
  });

  it('takes a newcomer from each of the shop’s main journeys to its route, contract, API route and service in one row', () => {
    for (const journey of ['Apply a discount code', 'Refund an order', 'Launch a drop', 'Request a return']) {
      const row = rows.find((candidate) => candidate.feature.toLowerCase().startsWith(journey.toLowerCase()));
      expect(row, journey).toBeDefined();
      expect(row!.cells.slice(1).map((cell) => pathsIn(cell).length > 0)).toEqual([true, true, true, true]);
    }
  });

  it('reads paths, patterns and nothing else from a cell', () => {
    // Guards the reader itself.
    expect(pathsIn('`routes/cart.tsx` (intent `apply-discount`), `lib/api.server.ts` (`cachedBrowse`)')).toEqual([
      'routes/cart.tsx',
      'lib/api.server.ts',
    ]);
    expect(pathsIn('`routes/admin/orders.ts` (`POST /api/admin/orders/refund`), the address `/api/returns`, `app.ts`')).toEqual([
      'routes/admin/orders.ts',
      'app.ts',
    ]);
    expect(matches(join(root, 'app/locales/{en,it}/*.json')).length).toBeGreaterThan(1);
    expect(matches(join(root, 'app/components/admin/product-*.tsx')).length).toBeGreaterThan(1);
    expect(missing([{ feature: 'Gone', cells: ['Gone', '`routes/no-such-page.tsx`', '', '', ''] }])).toEqual([
      'Gone → Storefront: routes/no-such-page.tsx',
    ]);
  });
});
