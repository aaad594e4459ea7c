import { Hono } from 'hono';

import { giftCardBalanceRequestSchema, giftCardBalanceSchema, giftCardProductsSchema, storeCreditSchema } from '@contract/api/gift-cards';

import { answer } from '../answer.js';
import { optionalUser } from '../auth/cart-cookie.js';
import { tryingGiftCard } from '../auth/code-attempts.js';
import { requireUser } from '../auth/middleware.js';
import type { AppEnv } from '../deps.js';
import { validate } from '../http-errors.js';
import { listGiftCardProducts } from '../services/gift-card-sales.js';
import { findUsableGiftCard, storeCreditOf } from '../services/gift-cards.js';

/** `POST /api/gift-cards/balance`: a card's balance by its code, a guess counted as discount codes are (ADR 043, 052). */
export function giftCardRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/products', async (c) => answer(c, giftCardProductsSchema, { products: await listGiftCardProducts(c.var.deps.db) }));
  app.post('/balance', validate('json', giftCardBalanceRequestSchema), async (c) => {
    const { db, clock } = c.var.deps;
    const user = await optionalUser(c);
    const card = await tryingGiftCard(c, user ? { userId: user.id } : null, () =>
      findUsableGiftCard(db, c.req.valid('json').code, clock.now()),
    );
    c.header('Cache-Control', 'no-store');
    return answer(c, giftCardBalanceSchema, {
      last4: card.last4,
      balance: card.balance,
      expires_at: card.expires_at?.toISOString() ?? null,
    });
  });
  return app;
}

/** `GET /api/user/store-credit`: the signed-in shopper's store credit. */
export function storeCreditRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/store-credit', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return answer(c, storeCreditSchema, { balance: await storeCreditOf(c.var.deps.db, c.var.user.id) });
  });
  return app;
}
