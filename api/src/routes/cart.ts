import { Hono, type Context } from 'hono';
import { cartAddRequestSchema, cartCountSchema, cartItemParamSchema, cartQuantityRequestSchema, cartSchema } from '@contract/api/cart';
import { answer } from '../answer.js';
import type { AppEnv } from '../deps.js';
import { mergeCartOfRequest, optionalUser, readCartToken, shopperCart } from '../auth/cart-cookie.js';
import { DomainError } from '../domain-error.js';
import { validate } from '../http-errors.js';
import { countCartItems, countUserCartItems, emptyCart, findVariant, loadCart, notEnoughStock, productUnitsInCart, type CartOut } from '../services/cart.js';
import { watchOf } from '../services/catalogue-watch.js';
import { boughtUnits, isComingSoon, limitReached, noLongerSold, notLaunched } from '../services/drops.js';
import { addToCart, cartLine, clearCart, removeLine, setLineQuantity } from '../services/cart-lines.js';
import { discountQuoteRequestSchema, discountQuoteSchema } from '@contract/api/discounts';
import { quoteCode } from '../services/discounts.js';
import { tryingCode } from '../auth/code-attempts.js';

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
    const user = await optionalUser(c);
    if (user) {
      c.header('Cache-Control', 'private, no-store');
      if (!readCartToken(c)) return answer(c, cartSchema, await readCart(c, `user ${user.id}`, { userId: user.id }));
      await mergeCartOfRequest(c, user.id);
      return answer(c, cartSchema, await loadCart(c.var.deps.db, { userId: user.id }, c.var.deps.config.storageUrl));
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
    const { db, clock } = c.var.deps;
    const variant = await findVariant(db, body.variant_id);
    if (!variant || (body.product_id && variant.product_id !== body.product_id)) throw new DomainError('not_found', 'Product variant not found');
    if (variant.archived_at) throw noLongerSold(variant);
    if (isComingSoon(variant.launch_date, clock.now())) throw notLaunched(variant);
    const found = await shopperCart(c, { create: false });
    // A capped product: what the cart holds and what the shopper already bought count
    // (checkout claims the units for good, atomically; this early word saves a trip there).
    if (variant.purchase_limit !== null) {
      const [inCart, held] = await Promise.all([
        found.cartId ? productUnitsInCart(db, found.cartId, variant.product_id) : 0,
        found.user ? boughtUnits(db, variant.product_id, found.user.email) : 0,
      ]);
      if (inCart + held + body.quantity > variant.purchase_limit) throw limitReached({ name: variant.name, purchase_limit: variant.purchase_limit }, inCart + held);
    }
    // A cart (and its cookie) is made only for an add that can go through.
    if (!found.cartId && body.quantity > variant.stock_quantity) throw notEnoughStock(variant);
    const { cartId, user } = found.cartId ? found : await shopperCart(c, { create: true });
    await addToCart(db, cartId!, variant, body.quantity, clock.now());
    return answerCart(c, cartId, user?.id ?? null);
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
    const { itemId } = c.req.valid('param');
    const { cartId, user } = await shopperCart(c, { create: false });
    const { db, clock } = c.var.deps;
    const line = await cartLine(db, cartId, itemId);
    const { quantity } = c.req.valid('json');
    if (quantity > line.quantity) {
      // Raising a line meets the same launch and cap as adding to it.
      const variant = await findVariant(db, line.variant_id);
      if (variant && isComingSoon(variant.launch_date, clock.now())) throw notLaunched(variant);
      if (variant && variant.purchase_limit !== null) {
        const [inCart, held] = await Promise.all([productUnitsInCart(db, cartId!, variant.product_id), user ? boughtUnits(db, variant.product_id, user.email) : 0]);
        if (inCart - line.quantity + quantity + held > variant.purchase_limit) throw limitReached({ name: variant.name, purchase_limit: variant.purchase_limit }, inCart - line.quantity + held);
      }
    }
    await setLineQuantity(db, line, quantity);
    return answerCart(c, cartId, user?.id ?? null);
  });

  app.delete('/item/:itemId', validate('param', cartItemParamSchema), async (c) => {
    const { cartId, user } = await shopperCart(c, { create: false });
    const line = await cartLine(c.var.deps.db, cartId, c.req.valid('param').itemId);
    await removeLine(c.var.deps.db, line.id);
    return answerCart(c, cartId, user?.id ?? null);
  });

  app.delete('/clear', async (c) => {
    const { cartId, user } = await shopperCart(c, { create: false });
    if (cartId) await clearCart(c.var.deps.db, cartId);
    return answerCart(c, cartId, user?.id ?? null);
  });

  return app;
}
