import { type Context, Hono } from 'hono';

import { cartAddRequestSchema, cartCountSchema, cartItemParamSchema, cartQuantityRequestSchema, cartSchema } from '@contract/api/cart';
import { discountQuoteRequestSchema, discountQuoteSchema } from '@contract/api/discounts';
import { linkTokenSchema, restoreAnswerSchema } from '@contract/api/insights';

import { answer } from '../answer.js';
import { mergeCartOfRequest, optionalUser, readCartToken, shopperCart } from '../auth/cart-cookie.js';
import { tryingCode } from '../auth/code-attempts.js';
import type { AppEnv } from '../deps.js';
import { validate } from '../http-errors.js';
import { writeKey } from '../idempotency.js';
import { type CartOut, countCartItems, countUserCartItems, emptyCart, loadCart } from '../services/cart.js';
import { addForShopper, changeLineQuantity, clearCart, removeCartLine } from '../services/cart-lines.js';
import { watchOf } from '../services/catalogue-watch.js';
import { quoteCode } from '../services/discounts.js';
import { storeCreditOf } from '../services/gift-cards.js';
import { noteCartActivity } from '../services/reminders/activity.js';
import { restoreCart } from '../services/reminders/restore.js';

async function answerCart(c: Context<AppEnv>, cartId: string | null, userId: string | null) {
  c.header('Cache-Control', 'private, no-store');
  return answer(c, cartSchema, cartId ? await readCart(c, `cart ${cartId}`, { id: cartId }) : emptyCart(userId));
}

/**
 * A cart with its lines, from this instance's memory while the catalogue watch listens and nothing
 * about it has changed since it was read (migration 025), else from the database.
 */
function readCart(c: Context<AppEnv>, owner: string, cart: { id: string } | { userId: string }) {
  const { db, config } = c.var.deps;
  const read = () => loadCart(db, cart, config.storageUrl);
  const watch = watchOf(db);
  return watch ? watch.cart(owner, read) : read();
}

/** docs/product.md#api-cart; mounted at /api/cart/. */
export function cartRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    // A signed-in shopper's cart is read by its owner, with its lines, in one query, or kept. An
    // anonymous cart sent along is merged into it first, and the merged cart read afresh.
    // With their store credit, which the cart page offers (issue 36: one call for the page).
    const user = await optionalUser(c);
    if (user) {
      c.header('Cache-Control', 'private, no-store');
      const { db, config } = c.var.deps;
      // The balance, as the cart, from this instance's memory while the watch listens (migration 048).
      const watch = watchOf(db);
      const readCredit = () => storeCreditOf(db, user.id);
      const credit = () => (watch ? watch.storeCredit(user.id, readCredit) : readCredit());
      const withCredit = async (cart: Promise<CartOut>) => {
        const [read, balance] = await Promise.all([cart, credit()]);
        return answer(c, cartSchema, { ...read, store_credit: balance });
      };
      if (!readCartToken(c)) return withCredit(readCart(c, `user ${user.id}`, { userId: user.id }));
      await mergeCartOfRequest(c, user.id);
      return withCredit(loadCart(db, { userId: user.id }, config.storageUrl));
    }
    const { cartId } = await shopperCart(c, { create: false });
    return answerCart(c, cartId, null);
  });

  // The header's badge on every page: the count alone, without reading the lines.
  // A signed-in shopper without a stray cart cookie is counted by owner in one query.
  app.get('/count', async (c) => {
    const { db } = c.var.deps;
    c.header('Cache-Control', 'private, no-store');
    const user = readCartToken(c) ? null : await optionalUser(c);
    if (user) {
      const kept = watchOf(db)?.keptCart<CartOut>(`user ${user.id}`);
      return answer(c, cartCountSchema, { total_items: kept ? kept.total_items : await countUserCartItems(db, user.id) });
    }
    const { cartId } = await shopperCart(c, { create: false });
    return answer(c, cartCountSchema, { total_items: cartId ? await countCartItems(db, cartId) : 0 });
  });

  app.post('/add', validate('json', cartAddRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const now = c.var.deps.clock.now();
    const { cartId, user, productId } = await addForShopper(
      c.var.deps.db,
      now,
      { variantId: body.variant_id, productId: body.product_id, quantity: body.quantity },
      { find: () => shopperCart(c, { create: false }), open: () => shopperCart(c, { create: true }) },
      writeKey(c),
    );
    // The funnel's counter, and the cart's reminder moved to later (issue 41).
    await noteCartActivity(c.var.deps, now, { step: 'add_to_cart', productIds: [productId], cartId, userId: user?.id ?? null });
    return answerCart(c, cartId, user?.id ?? null);
  });

  // A reminder's link (issue 41): the reminded cart's lines into this visitor's cart, on any device.
  app.post('/restore', validate('json', linkTokenSchema), async (c) => {
    const { db, clock, config } = c.var.deps;
    const restored = await restoreCart(db, config.jwtSecret, c.req.valid('json').token, clock.now(), {
      open: () => shopperCart(c, { create: true }),
    });
    c.header('Cache-Control', 'private, no-store');
    return answer(c, restoreAnswerSchema, restored);
  });

  // The cart priced with a discount code, or the reason it cannot be used. Checkout works it out again.
  app.post('/discount', validate('json', discountQuoteRequestSchema), async (c) => {
    const { db, clock } = c.var.deps;
    const { cartId, user } = await shopperCart(c, { create: false });
    const raw = c.req.valid('json').code;
    const trier = user ? { userId: user.id } : cartId ? { cartId } : null;
    const quote = await tryingCode(c, raw, trier, () => quoteCode(db, raw, clock.now(), cartId, user?.email ?? null));
    c.header('Cache-Control', 'private, no-store');
    return answer(c, discountQuoteSchema, quote);
  });

  app.put('/item/:itemId', validate('param', cartItemParamSchema), validate('json', cartQuantityRequestSchema), async (c) => {
    const found = await shopperCart(c, { create: false });
    await changeLineQuantity(c.var.deps.db, c.var.deps.clock.now(), found, c.req.valid('param').itemId, c.req.valid('json').quantity);
    return answerCart(c, found.cartId, found.user?.id ?? null);
  });

  app.delete('/item/:itemId', validate('param', cartItemParamSchema), async (c) => {
    const { cartId, user } = await shopperCart(c, { create: false });
    await removeCartLine(c.var.deps.db, cartId, c.req.valid('param').itemId);
    return answerCart(c, cartId, user?.id ?? null);
  });

  app.delete('/clear', async (c) => {
    const { cartId, user } = await shopperCart(c, { create: false });
    if (cartId) await clearCart(c.var.deps.db, cartId);
    return answerCart(c, cartId, user?.id ?? null);
  });

  return app;
}
