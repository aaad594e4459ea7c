import { describe, expect, it } from 'vitest';

import { EnvError, parseApiEnv } from './env';

describe('parseApiEnv', () => {
  it('fills the defaults of ARCHITECTURE.md', () => {
    const env = parseApiEnv({});
    expect(env).toMatchObject({
      API_PORT: 8787,
      DATA_DIR: './data',
      PUBLIC_API_URL: 'http://localhost:8787',
      STORAGE_URL: 'http://localhost:8787',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.STOREFRONT_URL).toBe('http://localhost:3000');
  });

  it('follows API_PORT for the public URL and lets STORAGE_URL differ', () => {
    const env = parseApiEnv({ API_PORT: '9100', STORAGE_URL: 'https://cdn.example.com/' });
    expect(env.PUBLIC_API_URL).toBe('http://localhost:9100');
    expect(env.STORAGE_URL).toBe('https://cdn.example.com');
  });

  it('draws missing art before serving unless SEED_ART says in the background (npm start, ADR 074)', () => {
    expect(parseApiEnv({}).SEED_ART).toBe('before-serving');
    expect(parseApiEnv({ SEED_ART: 'in-background' }).SEED_ART).toBe('in-background');
    expect(() => parseApiEnv({ SEED_ART: 'later' })).toThrow(/SEED_ART: Invalid enum value/);
  });

  it('serves the public mailbox only when DEV_MAILBOX asks for it', () => {
    expect(parseApiEnv({}).DEV_MAILBOX).toBe(false);
    expect(parseApiEnv({ NODE_ENV: 'production' }).DEV_MAILBOX).toBe(false);
    expect(parseApiEnv({ DEV_MAILBOX: '1' }).DEV_MAILBOX).toBe(true);
    expect(parseApiEnv({ DEV_MAILBOX: '0' }).DEV_MAILBOX).toBe(false);
    expect(() => parseApiEnv({ DEV_MAILBOX: 'yes please' })).toThrow(/DEV_MAILBOX: must be 1 or 0/);
  });

  it('serves the metrics only on a port of their own, when API_METRICS_PORT is set', () => {
    expect(parseApiEnv({}).API_METRICS_PORT).toBeUndefined();
    expect(parseApiEnv({ API_METRICS_PORT: '' }).API_METRICS_PORT).toBeUndefined();
    expect(parseApiEnv({ API_METRICS_PORT: '9464' }).API_METRICS_PORT).toBe(9464);
    expect(() => parseApiEnv({ API_METRICS_PORT: 'metrics' })).toThrow(/API_METRICS_PORT: must be a port number/);
    expect(() => parseApiEnv({ API_METRICS_PORT: '8787' })).toThrow(/API_METRICS_PORT: must differ from API_PORT/);
    expect(() => parseApiEnv({ API_PORT: '9000', API_METRICS_PORT: '9000' })).toThrow(/API_METRICS_PORT: must differ from API_PORT/);
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

  it('reads the settings several instances share: hook URLs as a list, the admin token, the Redis key prefix', () => {
    const env = parseApiEnv({
      STOREFRONT_URL: 'https://shop.example.com',
      STOREFRONT_HOOK_URLS: 'http://10.0.0.1:3000/, http://10.0.0.2:3000',
      ADMIN_TOKEN: 'a'.repeat(43),
      REDIS_KEY_PREFIX: 'shop-eu:',
    });
    expect(env.STOREFRONT_HOOK_URLS).toEqual(['http://10.0.0.1:3000', 'http://10.0.0.2:3000']);
    expect(env.ADMIN_TOKEN).toBe('a'.repeat(43));
    expect(env.REDIS_KEY_PREFIX).toBe('shop-eu:');
    // One storefront: the hook goes where the links go.
    expect(parseApiEnv({ STOREFRONT_URL: 'https://shop.example.com' }).STOREFRONT_HOOK_URLS).toEqual(['https://shop.example.com']);
    expect(parseApiEnv({}).REDIS_KEY_PREFIX).toBe('');
  });

  it('refuses a short admin token and a hook list with something that is not a URL', () => {
    expect(() => parseApiEnv({ ADMIN_TOKEN: 'short' })).toThrow(/ADMIN_TOKEN: must be at least 32 characters/);
    expect(() => parseApiEnv({ STOREFRONT_HOOK_URLS: 'http://a.test, ftp://b.test' })).toThrow(/STOREFRONT_HOOK_URLS/);
  });

  it('lists the trusted proxies, and refuses anything that is not an IP address', () => {
    expect(parseApiEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseApiEnv({ TRUSTED_PROXIES: '10.0.0.5, 2001:db8::1' }).TRUSTED_PROXIES).toEqual(['10.0.0.5', '2001:db8::1']);
    expect(() => parseApiEnv({ TRUSTED_PROXIES: '10.0.0.5, shop.example.com' })).toThrow(/TRUSTED_PROXIES/);
  });
});
