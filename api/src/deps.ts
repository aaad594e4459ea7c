// What the API is built from: the interfaces it talks to and its settings. Routes and services import
// these types from here, not from app.ts, which imports them.
import type { ShopLocale } from '@contract/locale';

import type { CodeService } from './auth/codes.js';
import type { TokenService } from './auth/tokens.js';
import type { UserRow } from './auth/users.js';
import type { Db } from './db/database.js';
import type { ArtOnDemand } from './seed/art-on-demand.js';
import type { Actor } from './services/audit.js';
import type { BackupSource } from './services/backup.js';
import type { Clock } from './services/clock.js';
import type { Logger } from './services/logger.js';
import type { Mailer } from './services/mail.js';
import type { ApiMetrics } from './services/metrics.js';
import type { PaymentProvider } from './services/payments/provider.js';
import type { RateLimits } from './services/rate-limits.js';
import type { Storage } from './services/storage.js';

export interface AppConfig {
  /** Where browsers reach the API (payment pages, links in emails). */
  publicApiUrl: string;
  /** Base of public object URLs: `${storageUrl}/storage/v1/object/public/<bucket>/<path>`. */
  storageUrl: string;
  /** Signs access tokens and keys the verification-code hashes. */
  jwtSecret: string;
  /** Where shoppers reach the storefront (links in back-in-stock emails). */
  storefrontUrl: string;
  /** Bearer token of the owner's admin routes; null turns them off. */
  adminToken: string | null;
  /** Serve the outbox publicly at /dev/mailbox (development and tests only; DEV_MAILBOX=1). */
  devMailbox?: boolean;
  /** Peers, beside this machine, whose X-Forwarded-For is believed (storefronts, load balancers). */
  trustedProxies?: string[];
}

/** Everything the API talks to; tests pass in-memory versions. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  mail: Mailer;
  storage: Storage;
  rateLimits: RateLimits;
  /** The built-in test payment page, or Stripe Checkout. */
  payments: PaymentProvider;
  log: Logger;
  /** The operator's metrics (API_METRICS_PORT); without them requests are only logged. */
  metrics?: ApiMetrics;
  config: AppConfig;
  /** Called after stock changes, so the storefront drops its cached catalogue. */
  onCatalogueChange?: () => unknown;
  /** The database and storage folder the owner's backups are taken from; without it there are none. */
  backup?: BackupSource;
  /** Draws the seed's images and card frames asked for before the background drawing reaches them (SEED_ART=in-background). */
  artOnDemand?: ArtOnDemand;
  /** The test clock's controls (DEV_CLOCK=1): served at /dev/clock. */
  devClock?: { advance(ms: number): void; runJobs(): Promise<void> };
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    auth: { tokens: TokenService; codes: CodeService };
    /** Set by the requireUser guard. */
    user: UserRow;
    /** Set by the admin routes' guard: the staff member, or the CLI with the admin token. */
    actor: Actor;
    /** This request's id (X-Request-Id), in its log line and answer. */
    requestId: string;
    /** The language the storefront asked in (Accept-Language): what the API mails now, and records for later (contract/locale.ts). */
    locale: ShopLocale;
  };
};
