import { afterEach, describe, expect, it, vi } from 'vitest';

import { getEnv } from './env.server';

const saved = {
  PORT: process.env.PORT,
  METRICS_PORT: process.env.METRICS_PORT,
  NODE_ENV: process.env.NODE_ENV,
  SESSION_SECRET: process.env.SESSION_SECRET,
  API_URL: process.env.API_URL,
};
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

function envWith(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return getEnv();
}

describe('storefront environment: METRICS_PORT', () => {
  it('is off unless set', () => {
    expect(envWith({ METRICS_PORT: undefined }).METRICS_PORT).toBeUndefined();
    expect(envWith({ METRICS_PORT: ' ' }).METRICS_PORT).toBeUndefined();
    expect(envWith({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
  });

  it("stops with a message naming it when it is not a port, or is the shoppers' port", () => {
    expect(() => envWith({ METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT: must be a port number/);
    expect(() => envWith({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT: must be a port number/);
    expect(() => envWith({ PORT: undefined, METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => envWith({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => envWith({ PORT: 'eighty', METRICS_PORT: undefined })).toThrow(/PORT: must be a port number/);
  });
});

describe('storefront environment in production', () => {
  it('is read once it has checked out; elsewhere on every call', async () => {
    vi.resetModules();
    const { getEnv: freshEnv } = await import('./env.server');
    process.env.SESSION_SECRET = 'a-production-secret-that-is-long-enough-0123456789';
    process.env.API_URL = 'http://127.0.0.1:8787';
    process.env.NODE_ENV = 'test';
    expect(freshEnv().API_URL).toBe('http://127.0.0.1:8787');
    process.env.API_URL = 'http://127.0.0.1:8788';
    expect(freshEnv().API_URL).toBe('http://127.0.0.1:8788');

    process.env.NODE_ENV = 'production';
    expect(freshEnv().API_URL).toBe('http://127.0.0.1:8788');
    process.env.API_URL = 'http://127.0.0.1:8789';
    process.env.METRICS_PORT = 'not a port';
    // A production server's environment does not change under it: the first checked one stays.
    expect(freshEnv().API_URL).toBe('http://127.0.0.1:8788');
  });
});
