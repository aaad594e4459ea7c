import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { z } from 'zod';

import { trustedProxiesSchema } from '@contract/client-address';

const emptyAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const httpUrl = z
  .string()
  .url('must be a URL such as http://localhost:8787')
  .refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://')
  .transform((v) => v.replace(/\/+$/, ''));

const port = z.coerce
  .number({ invalid_type_error: 'must be a port number' })
  .int('must be a port number')
  .min(1, 'must be a port number')
  .max(65535, 'must be a port number');

const schema = z
  .object({
    NODE_ENV: z.preprocess(emptyAsUnset, z.enum(['development', 'production', 'test']).default('development')),
    API_URL: z.preprocess(emptyAsUnset, httpUrl.default('http://127.0.0.1:8787')),
    PUBLIC_API_URL: z.preprocess(emptyAsUnset, httpUrl.default('http://localhost:8787')),
    STORAGE_URL: z.preprocess(emptyAsUnset, httpUrl.optional()),
    DATA_DIR: z.preprocess(emptyAsUnset, z.string().default('./data')),
    SESSION_SECRET: z.preprocess(emptyAsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
    API_TIMEOUT_MS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(100).max(120_000).default(8000)),
    // How long the product page views counted for the funnel wait before they go to the API in one batch.
    FUNNEL_FLUSH_MS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(100).max(600_000).default(10_000)),
    // The API's admin token, when instances share it through the environment rather than DATA_DIR.
    ADMIN_TOKEN: z.preprocess(emptyAsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
    // Proxies in front of the storefront on other machines, whose X-Forwarded-For names the shopper (comma-separated IPs).
    TRUSTED_PROXIES: z.preprocess(emptyAsUnset, trustedProxiesSchema),
    // The shoppers' port (server.mjs), read here only to keep the metrics off it.
    PORT: z.preprocess(emptyAsUnset, port.default(3000)),
    // The operator's Prometheus metrics (GET /metrics) on this port, on loopback only; off when unset (server.mjs).
    METRICS_PORT: z.preprocess(emptyAsUnset, port.optional()),
  })
  .refine((env) => env.METRICS_PORT === undefined || env.METRICS_PORT !== env.PORT, {
    message: "must differ from PORT: the metrics are never served on the shoppers' port",
    path: ['METRICS_PORT'],
  })
  .transform((env) => ({ ...env, STORAGE_URL: env.STORAGE_URL ?? env.PUBLIC_API_URL }));

export type StorefrontEnv = z.infer<typeof schema> & { SESSION_SECRET: string };

let cached: { key: string; env: StorefrontEnv } | undefined;

/**
 * The storefront's environment, checked with zod. A bad value throws a message naming the variable.
 * Outside production it is looked at again on each call, so tests can point the storefront at an API
 * started on any port; a production server's environment is fixed once it has checked out (reading
 * process.env a dozen times a page cost more than the page's cookie; issue #21).
 */
export function getEnv(): StorefrontEnv {
  // NODE_ENV is read again (one read, not a dozen): a test process that ran as production runs on.
  if (cached?.env.NODE_ENV === 'production' && process.env.NODE_ENV === 'production') return cached.env;
  const key = [
    process.env.NODE_ENV,
    process.env.API_URL,
    process.env.PUBLIC_API_URL,
    process.env.STORAGE_URL,
    process.env.DATA_DIR,
    process.env.SESSION_SECRET,
    process.env.API_TIMEOUT_MS,
    process.env.FUNNEL_FLUSH_MS,
    process.env.ADMIN_TOKEN,
    process.env.TRUSTED_PROXIES,
    process.env.PORT,
    process.env.METRICS_PORT,
  ].join('\u0000');
  if (cached?.key === key) return cached.env;
  const result = schema.safeParse(process.env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid storefront environment:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  let secret = parsed.SESSION_SECRET;
  if (!secret) {
    if (parsed.NODE_ENV === 'production') throw new Error('Invalid storefront environment:\n  SESSION_SECRET: required in production');
    secret = developmentSecret(parsed.DATA_DIR, 'SESSION_SECRET');
  }
  cached = { key, env: { ...parsed, SESSION_SECRET: secret } };
  return cached.env;
}

/** A secret made once and kept in DATA_DIR/secrets.json, for development runs (the start script shares the file). */
function developmentSecret(dataDir: string, name: string): string {
  const file = join(dataDir, 'secrets.json');
  const secrets = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  if (!secrets[name]) {
    secrets[name] = randomBytes(32).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}
