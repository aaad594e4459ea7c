import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { answer } from './answer';
import { errorResponse } from './http-errors';

const schema = z.object({ total: z.number().int() });

function appAnswering(data: unknown, logged: unknown[]) {
  const app = new Hono();
  app.get('/', (c) => answer(c, schema, data as z.input<typeof schema>));
  app.onError((error, c) => errorResponse(c, error, (_message, e) => logged.push(e)));
  return app;
}

describe('answer', () => {
  it('sends an answer that fits its schema as JSON', async () => {
    const res = await appAnswering({ total: 3 }, []).request('/');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ total: 3 });
  });

  it('refuses, outside production, to send an answer that breaks its schema', async () => {
    const logged: unknown[] = [];
    const res = await appAnswering({ total: '3' }, logged).request('/');
    expect(res.status).toBe(500);
    expect(String(logged[0])).toMatch(/GET \/ answered outside its contract: total/);
  });
});

describe('the routes', () => {
  // Every JSON answer goes through `answer` with its contract schema, so the API's own tests prove
  // each route's answer parses the way the storefront reads it; only the health probes answer bare.
  it('answer JSON only through a contract schema', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('./routes/', import.meta.url);
    const bare = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'health.ts')
      .flatMap((file) =>
        readFileSync(new URL(file, dir), 'utf8')
          .split('\n')
          .map((line, index) => ({ where: `${file}:${index + 1}`, line }))
          .filter(({ line }) => /\bc\.json\(/.test(line))
          .map(({ where }) => where),
      );
    expect(bare).toEqual([]);
  });

  it('take their request schemas from the contract', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('./routes/', import.meta.url);
    const inline = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) =>
        readFileSync(new URL(file, dir), 'utf8')
          .split('\n')
          .map((line, index) => ({ where: `${file}:${index + 1}`, line }))
          .filter(({ line }) => /validate\(\s*'(json|query|param)',\s*z\./.test(line))
          .map(({ where }) => where),
      );
    expect(inline).toEqual([]);
  });
});
