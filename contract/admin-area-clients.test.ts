import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

// The back office's pages reach the API through its area clients (app/lib/admin/<area>.server.ts: one
// typed function per call), never by calling the API client themselves: a path, a schema and a 404 are
// written once, in the client, and a page reads as what it does.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUTES = join(root, 'app', 'routes');
const CLIENTS = join(root, 'app', 'lib', 'admin');

/** A call of the API client itself: `api.request(`, `api.raw(`, `api(token).raw(` (across lines too), or `apiRequest(`. */
const DIRECT_CALL = /\bapi(?:\s*\([^)]*\))?\s*\.\s*(?:request|raw)\s*\(|\bapiRequest\s*\(/g;

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

function directCalls(dir: string, names: string[]): string[] {
  return names.flatMap((name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    return [...text.matchAll(DIRECT_CALL)].map((match) => `${name}:${lineOf(text, match.index)}: ${match[0]}`);
  });
}

const adminRoutes = readdirSync(ROUTES).filter((name) => name.startsWith('admin') && /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));

describe('the back office’s area clients', () => {
  it('no back-office route calls the API client directly', () => {
    expect(adminRoutes.length).toBeGreaterThan(20);
    expect(directCalls(ROUTES, adminRoutes)).toEqual([]);
  });

  it('sees the calls it forbids, wherever they are written', () => {
    // Guards the scanner itself: the clients make exactly these calls, and each way of writing one is caught.
    const clients = readdirSync(CLIENTS).filter((name) => name.endsWith('.server.ts'));
    expect(directCalls(CLIENTS, clients).length).toBeGreaterThan(40);
    const found = (text: string) => [...text.matchAll(DIRECT_CALL)].length;
    expect(found("staff.api.request('GET', 'admin/stock', stockListSchema)")).toBe(1);
    expect(found("context.staff.api().raw('POST', 'staff/set-password', {})")).toBe(1);
    expect(found("context.staff\n  .api(token)\n  .raw('POST', 'staff/logout')")).toBe(1);
    expect(found('await apiRequest(path)')).toBe(1);
    expect(found('listStock(staff); staff.apiKey; request(url)')).toBe(0);
  });
});
