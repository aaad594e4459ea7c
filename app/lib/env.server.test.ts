import { afterEach, describe, expect, it } from 'vitest';
import { getEnv } from './env.server';

const saved = { PORT: process.env.PORT, METRICS_PORT: process.env.METRICS_PORT };
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

  it('stops with a message naming it when it is not a port, or is the shoppers\' port', () => {
    expect(() => envWith({ METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT: must be a port number/);
    expect(() => envWith({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT: must be a port number/);
    expect(() => envWith({ PORT: undefined, METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => envWith({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => envWith({ PORT: 'eighty', METRICS_PORT: undefined })).toThrow(/PORT: must be a port number/);
  });
});
