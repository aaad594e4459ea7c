// What the product and drop suites share: a test API, the owner's admin calls (as the CLI makes them)
// and a new product, a drop by default, made through the owner's route.
import { expect } from 'vitest';

import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { dropJobHandlers } from '../services/drops';
import { runDueJobs } from '../services/jobs';

/** Call at the top of a test file: registers the file's test API (its hooks) and returns the helpers over it. */
export function useDropsApi() {
  const api = useTestApi();

  async function admin(method: string, path: string, body?: unknown, headers: Record<string, string> = cliHeaders) {
    const res = await api.app.request(`/api/admin/${path}`, {
      method,
      headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  }

  /** How many products the file has made so far: their names and SKU prefixes are numbered from it. */
  const counter = { made: 0 };
  /** A new product through the owner's route: 2 colours × 3 sizes, launching `inMs` from the API's now. */
  async function newDrop(options: { inMs?: number; limit?: number | null; stock?: number } = {}) {
    counter.made += 1;
    const name = `Drop Hoodie ${counter.made}`;
    const res = await admin('POST', 'products', {
      name,
      category: 'Hoodies',
      short_description: 'Heavy fleece, boxy fit.',
      long_description: '## Fabric\n480 gsm brushed fleece.',
      price: 8_900,
      launch_date: new Date(api.clock.now().getTime() + (options.inMs ?? 120_000)).toISOString(),
      purchase_limit: options.limit === undefined ? 1 : options.limit,
      sku_prefix: `DH${counter.made}`,
      colours: ['Black', 'Sand'],
      sizes: ['S', 'M', 'L/XL'],
      stock_per_variant: options.stock ?? 25,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; name: string; launch_date: string; variants: { id: string; sku: string }[] };
  }

  const runJobs = () => runDueJobs(api.deps, dropJobHandlers(api.deps));

  return { api, admin, newDrop, runJobs, counter };
}
