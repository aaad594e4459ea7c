import { z } from 'zod';

import { trustedProxiesSchema } from '@contract/client-address';

const emptyAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(emptyAsUnset, schema.optional());
const port = z.coerce.number({ invalid_type_error: 'must be a port number' }).int().min(1).max(65535);
const httpUrl = z
  .string()
  .url('must be a URL such as http://localhost:8787')
  .refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://')
  .transform((v) => v.replace(/\/+$/, ''));

export const apiEnvSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyAsUnset, z.enum(['development', 'production', 'test']).default('development')),
    API_PORT: z.preprocess(emptyAsUnset, port.default(8787)),
    DATA_DIR: z.preprocess(emptyAsUnset, z.string().default('./data')),
    DATABASE_URL: optional(z.string().refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL')),
    PUBLIC_API_URL: optional(httpUrl),
    STORAGE_URL: optional(httpUrl),
    // Links in emails (back in stock) point at the storefront.
    STOREFRONT_URL: z.preprocess(emptyAsUnset, httpUrl.default('http://localhost:3000')),
    // Every storefront instance to tell when the catalogue changes (comma-separated); default STOREFRONT_URL.
    STOREFRONT_HOOK_URLS: optional(
      z
        .string()
        .transform((v) =>
          v
            .split(',')
            .map((url) => url.trim())
            .filter(Boolean),
        )
        .pipe(z.array(httpUrl).min(1, 'must list at least one URL')),
    ),
    // The owner's bearer token, shared by every instance; without it each data folder makes its own.
    ADMIN_TOKEN: optional(z.string().min(32, 'must be at least 32 characters')),
    JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    SMTP_URL: optional(z.string().refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')),
    MAIL_FROM: z.preprocess(emptyAsUnset, z.string().default('FILO <shop@filo.example>')),
    REDIS_URL: optional(z.string().refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// URL')),
    // Put before every key the API writes to Redis, so several shops (or test runs) can share one server.
    REDIS_KEY_PREFIX: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .max(100)
        .regex(/^[\w:.-]*$/, 'letters, digits, _ : . - only')
        .default(''),
    ),
    STRIPE_SECRET_KEY: optional(z.string().startsWith('sk_', 'must start with sk_')),
    STRIPE_WEBHOOK_SECRET: optional(z.string().startsWith('whsec_', 'must start with whsec_')),
    // Storefronts and load balancers on other machines, whose X-Forwarded-For names the shopper (comma-separated IPs).
    TRUSTED_PROXIES: z.preprocess(emptyAsUnset, trustedProxiesSchema),
    // The public mailbox page (/dev/mailbox) while no SMTP server is set: only when asked for (development,
    // tests). Without it the outbox is read by the owner: `npm run shop -- mail`.
    DEV_MAILBOX: z
      .preprocess(emptyAsUnset, z.enum(['0', '1', 'true', 'false'], { message: 'must be 1 or 0' }).default('0'))
      .transform((v) => v === '1' || v === 'true'),
    // The test clock: the API's time may be moved forward at POST /dev/clock (end-to-end tests pass a
    // drop's launch this way). Tests only: refused unless the public test mailbox is on too.
    DEV_CLOCK: z
      .preprocess(emptyAsUnset, z.enum(['0', '1', 'true', 'false'], { message: 'must be 1 or 0' }).default('0'))
      .transform((v) => v === '1' || v === 'true'),
    // How often each API instance looks for scheduled jobs that are due (launch emails), in ms.
    JOB_POLL_MS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(100).max(3_600_000).default(5000)),
    // The operator's Prometheus metrics (GET /metrics) on this port, on loopback only; off when unset.
    API_METRICS_PORT: optional(port),
    // When a data folder's missing catalogue images and card frames are drawn: before the API serves, or
    // in a background process while it serves, any one asked for meanwhile drawn then (`npm start`; ADR 074).
    SEED_ART: z.preprocess(emptyAsUnset, z.enum(['before-serving', 'in-background']).default('before-serving')),
    // Sign-in requests one client address may make per minute (behind a proxy that sets X-Forwarded-For).
    AUTH_IP_LIMIT_PER_MINUTE: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(1_000_000).default(60)),
    // Discount codes one client address may try and have refused per hour (a code that works is not counted).
    CODE_IP_LIMIT_PER_HOUR: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(1_000_000).default(30)),
  })
  .refine((env) => !env.DEV_CLOCK || (env.DEV_MAILBOX && !env.SMTP_URL), {
    message: 'is for tests: set it only with DEV_MAILBOX=1 and no SMTP_URL',
    path: ['DEV_CLOCK'],
  })
  .refine((env) => env.API_METRICS_PORT === undefined || env.API_METRICS_PORT !== env.API_PORT, {
    message: "must differ from API_PORT: the metrics are never served on the shoppers' port",
    path: ['API_METRICS_PORT'],
  })
  .transform((env) => {
    const publicApiUrl = env.PUBLIC_API_URL ?? `http://localhost:${env.API_PORT}`;
    return {
      ...env,
      PUBLIC_API_URL: publicApiUrl,
      STORAGE_URL: env.STORAGE_URL ?? publicApiUrl,
      STOREFRONT_HOOK_URLS: env.STOREFRONT_HOOK_URLS ?? [env.STOREFRONT_URL],
    };
  });

export type ApiEnv = z.infer<typeof apiEnvSchema>;

export class EnvError extends Error {}

/** Parses the environment; a bad value throws an EnvError naming each variable and what is wrong. */
export function parseApiEnv(source: Record<string, string | undefined> = process.env): ApiEnv {
  const result = apiEnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
}
