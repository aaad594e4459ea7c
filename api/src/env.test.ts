import { describe, expect, it } from 'vitest';
import { EnvError, parseApiEnv } from './env';

describe('parseApiEnv', () => {
  it('fills the defaults of ARCHITECTURE.md', () => {
    const env = parseApiEnv({});
    expect(env).toMatchObject({ API_PORT: 8787, DATA_DIR: './data', PUBLIC_API_URL: 'http://localhost:8787', STORAGE_URL: 'http://localhost:8787' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.STOREFRONT_URL).toBe('http://localhost:3000');
  });

  it('follows API_PORT for the public URL and lets STORAGE_URL differ', () => {
    const env = parseApiEnv({ API_PORT: '9100', STORAGE_URL: 'https://cdn.example.com/' });
    expect(env.PUBLIC_API_URL).toBe('http://localhost:9100');
    expect(env.STORAGE_URL).toBe('https://cdn.example.com');
  });

  it('treats empty values as unset', () => {
    expect(parseApiEnv({ DATABASE_URL: '', SMTP_URL: ' ' }).SMTP_URL).toBeUndefined();
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => parseApiEnv({ API_PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_API_URL: 'not a url' })).toThrow(EnvError);
    try {
      parseApiEnv({ API_PORT: '70000', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/API_PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });
});
