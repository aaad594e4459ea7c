import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { DomainError } from './domain-error';
import { ApiError, errorResponse, validate } from './http-errors';

function appWithErrors(logged: unknown[]) {
  const app = new Hono();
  app.post('/echo', validate('json', z.object({ email: z.string().email(), quantity: z.number().int().min(1) })), (c) =>
    c.json(c.req.valid('json')),
  );
  app.get('/teapot', () => {
    throw new ApiError(409, 'Already there');
  });
  app.get('/exists', () => {
    throw new ApiError(409, 'Already there', 'already_exists');
  });
  app.get('/sold-out', () => {
    throw new DomainError('out_of_stock', 'Only 2 left');
  });
  app.get('/locked', () => {
    throw new DomainError('account_locked', 'Locked for 15 minutes');
  });
  app.get('/deadlock', () => {
    throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
  });
  app.get('/boom', () => {
    throw new Error('secret internals: password=hunter2');
  });
  app.onError((error, c) => errorResponse(c, error, (_message, e) => logged.push(e)));
  return app;
}

describe('error bodies', () => {
  it('answers a conflict the database still met after its retries with 503 busy and a Retry-After, not a 500', async () => {
    const logged: unknown[] = [];
    const res = await appWithErrors(logged).request('/deadlock');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ detail: 'The shop is busy right now. Please try again in a moment.', code: 'busy' });
    expect(logged).toEqual([]);
  });

  it('answers validation failures with 422 and a list of {loc, msg, type}', async () => {
    const res = await appWithErrors([]).request('/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nope', quantity: 0 }),
    });
    expect(res.status).toBe(422);
    const { detail } = await res.json();
    expect(detail.map((d: { loc: string[] }) => d.loc)).toEqual([
      ['body', 'email'],
      ['body', 'quantity'],
    ]);
    expect(detail[0]).toMatchObject({ msg: 'Invalid email', type: 'invalid_string' });
  });

  it('reports missing fields as missing', async () => {
    const res = await appWithErrors([]).request('/echo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    const { detail } = await res.json();
    expect(detail[0]).toEqual({ loc: ['body', 'email'], msg: 'Field required', type: 'missing' });
  });

  it('answers a body that is not JSON with 422, not a crash', async () => {
    const res = await appWithErrors([]).request('/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":',
    });
    expect(res.status).toBe(422);
    expect((await res.json()).detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
  });

  it('passes an ApiError through with its status and detail, and the generic code of its status', async () => {
    const res = await appWithErrors([]).request('/teapot');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ detail: 'Already there', code: 'conflict' });
  });

  it('carries the code an ApiError names', async () => {
    const res = await appWithErrors([]).request('/exists');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ detail: 'Already there', code: 'already_exists' });
  });

  it('answers a DomainError with the status its code maps to', async () => {
    const app = appWithErrors([]);
    const soldOut = await app.request('/sold-out');
    expect(soldOut.status).toBe(409);
    expect(await soldOut.json()).toEqual({ detail: 'Only 2 left', code: 'out_of_stock' });
    const locked = await app.request('/locked');
    expect(locked.status).toBe(423);
    expect(await locked.json()).toEqual({ detail: 'Locked for 15 minutes', code: 'account_locked' });
  });

  it('answers a request that fails validation with the code invalid_request', async () => {
    const res = await appWithErrors([]).request('/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":',
    });
    expect((await res.json()).code).toBe('invalid_request');
  });

  it('hides unexpected errors behind a 500 detail and logs them', async () => {
    const logged: unknown[] = [];
    const res = await appWithErrors(logged).request('/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ detail: 'Internal server error', code: 'internal_error' });
    expect(text).not.toContain('hunter2');
    expect(logged).toHaveLength(1);
  });
});
