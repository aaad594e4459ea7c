import { Hono } from 'hono';

import { messageAnswerSchema } from '@contract/api/auth';
import {
  consentListSchema,
  deleteAccountRequestSchema,
  giveConsentRequestSchema,
  withdrawConsentRequestSchema,
} from '@contract/api/privacy';
import {
  accountOverviewQuerySchema,
  accountOverviewSchema,
  localeAnswerSchema,
  localeRequestSchema,
  profileAnswerSchema,
  profileUpdateRequestSchema,
} from '@contract/api/profile';

import { answer } from '../answer.js';
import { requireUser } from '../auth/middleware.js';
import type { AppEnv } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { validate } from '../http-errors.js';
import { deleteAccount } from '../services/account-deletion.js';
import { accountReads } from '../services/account-overview.js';
import { listUserCards } from '../services/cards.js';
import { giveConsent, listConsents, withdrawConsent } from '../services/consents.js';
import { exportShopperData } from '../services/data-export.js';
import { storeCreditOf } from '../services/gift-cards.js';
import { listPurchases, purchaseStats } from '../services/orders.js';
import { profileOf, setLocale, updateProfile } from '../services/profile.js';
import { enforceRateLimit, RATE_RULES } from '../services/rate-limits.js';
import { requestMarketingConsent } from '../services/reminders/marketing-consent.js';
import { dataExportAnswer } from './data-export-answer.js';

/** GET/PUT user/profile of docs/product.md#api-profile; mounted at /api/user/ beside the orders. */
export function profileRoutes() {
  const app = new Hono<AppEnv>();

  // Everything the shop holds about the shopper, as a file to keep (GDPR art. 15 and 20): a .zip of
  // data.json and a README in the language asked in. Guests, who signed in with a code sent to their
  // email, get theirs too. Made on request, never kept.
  app.get('/data-export', requireUser, async (c) => {
    const { db, clock, rateLimits } = c.var.deps;
    await enforceRateLimit(c, rateLimits, RATE_RULES.dataExport, c.var.user.id);
    const data = await exportShopperData(db, c.var.user, clock.now(), 'shopper');
    return dataExportAnswer(c, data, 'my', c.var.locale);
  });

  // The shopper deletes their account (GDPR art. 17): the email typed again and the password; orders
  // kept for tax are stripped of who bought them. 409 deletion_waits while something is still open.
  app.post('/delete-account', requireUser, validate('json', deleteAccountRequestSchema), async (c) => {
    const { db, clock, rateLimits } = c.var.deps;
    await enforceRateLimit(c, rateLimits, RATE_RULES.authPerEmail, c.var.user.email);
    await deleteAccount(db, clock.now(), c.var.user, c.req.valid('json'));
    return answer(c, messageAnswerSchema, { message: 'Your account has been deleted' });
  });

  // Consents (GDPR art. 7): the list with policy versions, the cookie notice's Accept recorded, and
  // withdrawing one in one click. Marketing consent is given only through its double opt-in.
  app.get('/consents', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return answer(c, consentListSchema, await listConsents(c.var.deps.db, c.var.user.id));
  });

  app.post('/consents', requireUser, validate('json', giveConsentRequestSchema), async (c) => {
    const { db, clock } = c.var.deps;
    await giveConsent(db, clock.now(), c.var.user.id, c.req.valid('json').kind);
    return answer(c, consentListSchema, await listConsents(db, c.var.user.id));
  });

  // Marketing email asked for: recorded pending, with an email whose link confirms it (double opt-in).
  app.post('/consents/marketing', requireUser, async (c) => {
    const { db, rateLimits } = c.var.deps;
    await enforceRateLimit(c, rateLimits, RATE_RULES.authPerEmail, c.var.user.email);
    await requestMarketingConsent(c.var.deps, c.var.user, c.var.locale);
    return answer(c, consentListSchema, await listConsents(db, c.var.user.id));
  });

  app.post('/consents/withdraw', requireUser, validate('json', withdrawConsentRequestSchema), async (c) => {
    const { db, clock } = c.var.deps;
    await withdrawConsent(db, clock.now(), c.var.user.id, c.req.valid('json').kind);
    return answer(c, consentListSchema, await listConsents(db, c.var.user.id));
  });

  // The shopper's language, remembered in their account: their emails and receipts speak it from now on
  // (an order keeps the language it was placed in). Guests too: their order emails are theirs.
  app.put('/locale', requireUser, validate('json', localeRequestSchema), async (c) => {
    const { db, clock } = c.var.deps;
    return answer(c, localeAnswerSchema, { locale: await setLocale(db, clock.now(), c.var.user.id, c.req.valid('json').locale) });
  });

  app.get('/profile', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    // The signed-in check has just read the user's row.
    return answer(c, profileAnswerSchema, profileOf(c.var.user));
  });

  // The profile page's reads in one call (issue #21): one sign-in check, one round trip, and one
  // statement for the rest (services/account-overview.ts). The profile must be read; should that
  // statement fail, each part is read on its own, and a part that still fails answers null, as the
  // page only logs those failures.
  app.get('/overview', requireUser, validate('query', accountOverviewQuerySchema), async (c) => {
    const { db, log } = c.var.deps;
    const userId = c.var.user.id;
    const latest = c.req.valid('query').purchases;
    const profile = profileOf(c.var.user);
    c.header('Cache-Control', 'private, no-store');
    try {
      const reads = await accountReads(db, userId, latest);
      return answer(c, accountOverviewSchema, { profile, ...reads });
    } catch (error) {
      log.error('user/overview: the account could not be read in one statement; reading each part', error);
    }
    const [purchases, stats, cards, consents, credit] = await Promise.allSettled([
      latest ? listPurchases(db, userId, latest, 0, {}) : Promise.resolve([]),
      purchaseStats(db, userId),
      listUserCards(db, userId),
      listConsents(db, userId),
      storeCreditOf(db, userId),
    ]);
    const part = <T>(name: string, result: PromiseSettledResult<T>): T | null => {
      if (result.status === 'fulfilled') return result.value;
      log.error(`user/overview: the ${name} could not be read`, result.reason);
      return null;
    };
    return answer(c, accountOverviewSchema, {
      profile,
      purchases: part('purchases', purchases),
      stats: part('statistics', stats),
      unlocked_cards: part('cards', cards),
      consents: part('consents', consents),
      store_credit: part('store credit', credit),
    });
  });

  app.put('/profile', requireUser, validate('json', profileUpdateRequestSchema), async (c) => {
    const { db, clock } = c.var.deps;
    if (c.var.user.user_type !== 'registered')
      throw new DomainError('registration_required', 'Please create an account to edit your profile');
    return answer(c, profileAnswerSchema, await updateProfile(db, clock.now(), c.var.user.id, c.req.valid('json')));
  });

  return app;
}
