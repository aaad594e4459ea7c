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
