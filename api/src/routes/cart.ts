import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app.js';
import { shopperCart } from '../auth/cart-cookie.js';
import { ApiError, validate } from '../http-errors.js';
import { emptyCart, findVariant, loadCart, notEnoughStock } from '../services/cart.js';
import { CART_RULES } from '@contract/shop-rules';

/** Shown to shoppers as it is (spec §8), so in words. */
const TOO_MANY = `At most ${CART_RULES.maxLineQuantity} of an item per order`;

const addSchema = z.object({
  product_id: z.string().uuid().optional(),
  variant_id: z.string().uuid(),
  quantity: z.number().int().min(1).max(CART_RULES.maxLineQuantity, TOO_MANY).default(CART_RULES.quantityPerAdd),
  // Sent by the storefront but never trusted: the price comes from the catalogue.
  price_at_addition: z.unknown().optional(),
});
const itemParam = z.object({ itemId: z.string().uuid() });
const quantitySchema = z.object({ quantity: z.number().int().min(0).max(CART_RULES.maxLineQuantity, TOO_MANY) });

async function answerCart(c: Context<AppEnv>, cartId: string | null, userId: string | null) {
  c.header('Cache-Control', 'private, no-store');
  return c.json(cartId ? await loadCart(c.var.deps.db, cartId, c.var.deps.config.storageUrl) : emptyCart(userId));
}

/** The item of the shopper's cart, or 404: another cart's item is as unknown as a missing one. */
async function cartItem(c: Context<AppEnv>, cartId: string | null, itemId: string) {
  const item = cartId
    ? await c.var.deps.db
        .selectFrom('cart_items')
        .select(['id', 'variant_id', 'quantity'])
        .where('id', '=', itemId)
        .where('cart_id', '=', cartId)
        .executeTakeFirst()
    : undefined;
  if (!item) throw new ApiError(404, 'Cart item not found');
  return item;
}

/** Spec §7 "Cart (cookies)"; mounted at /api/cart/. */
export function cartRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const { cartId, user } = await shopperCart(c, { create: false });
    return answerCart(c, cartId, user?.id ?? null);
  });

  app.post('/add', validate('json', addSchema), async (c) => {
    const body = c.req.valid('json');
    const { db, clock } = c.var.deps;
    const variant = await findVariant(db, body.variant_id);
    if (!variant || (body.product_id && variant.product_id !== body.product_id)) throw new ApiError(404, 'Product variant not found');
    const found = await shopperCart(c, { create: false });
    const existing = found.cartId
      ? await db.selectFrom('cart_items').select('quantity').where('cart_id', '=', found.cartId).where('variant_id', '=', variant.id).executeTakeFirst()
      : undefined;
    const wanted = (existing?.quantity ?? 0) + body.quantity;
    if (wanted > variant.stock_quantity) throw notEnoughStock(variant);
    if (wanted > CART_RULES.maxLineQuantity) throw new ApiError(409, `At most ${CART_RULES.maxLineQuantity} of ${variant.name} (${variant.sku}) per order`, 'line_quantity_limit');
    // A cart (and its cookie) is made only for an add that goes through.
    const { cartId, user } = found.cartId ? found : await shopperCart(c, { create: true });
    await db
      .insertInto('cart_items')
      .values({ cart_id: cartId!, variant_id: variant.id, quantity: body.quantity, created_at: clock.now() })
      .onConflict((oc) => oc.columns(['cart_id', 'variant_id']).doUpdateSet((eb) => ({ quantity: eb('cart_items.quantity', '+', eb.ref('excluded.quantity')) })))
      .execute();
    return answerCart(c, cartId, user?.id ?? null);
  });

  app.put('/item/:itemId', validate('param', itemParam), validate('json', quantitySchema), async (c) => {
    const { itemId } = c.req.valid('param');
    const { quantity } = c.req.valid('json');
    const { db } = c.var.deps;
    const { cartId, user } = await shopperCart(c, { create: false });
    const item = await cartItem(c, cartId, itemId);
    if (quantity === 0) {
      await db.deleteFrom('cart_items').where('id', '=', item.id).execute();
    } else {
      const variant = await findVariant(db, item.variant_id);
      if (!variant) throw new ApiError(404, 'Product variant not found');
      // Lowering a quantity is always allowed, even when the stock has fallen below it since.
      if (quantity > item.quantity && quantity > variant.stock_quantity) throw notEnoughStock(variant);
      await db.updateTable('cart_items').set({ quantity }).where('id', '=', item.id).execute();
    }
    return answerCart(c, cartId, user?.id ?? null);
  });

  app.delete('/item/:itemId', validate('param', itemParam), async (c) => {
    const { itemId } = c.req.valid('param');
    const { cartId, user } = await shopperCart(c, { create: false });
    const item = await cartItem(c, cartId, itemId);
    await c.var.deps.db.deleteFrom('cart_items').where('id', '=', item.id).execute();
    return answerCart(c, cartId, user?.id ?? null);
  });

  app.delete('/clear', async (c) => {
    const { cartId, user } = await shopperCart(c, { create: false });
    if (cartId) await c.var.deps.db.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
    return answerCart(c, cartId, user?.id ?? null);
  });

  return app;
}
