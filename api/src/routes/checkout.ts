import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app.js';
import { readCartToken, shopperCart } from '../auth/cart-cookie.js';
import { requireUser } from '../auth/middleware.js';
import { ApiError, validate } from '../http-errors.js';
import { hashCartToken } from '../services/cart.js';
import { cartLines } from '../services/cart-lines.js';
import { closeCheckoutSession, findCheckoutSession, openCheckoutSession } from '../services/checkout.js';
import { fulfilCheckoutSession } from '../services/checkout-fulfilment.js';
import { CART_RULES } from '@contract/shop-rules';

const returnUrl = z
  .string()
  .trim()
  .max(2048)
  .url('Must be a URL')
  .refine((value) => /^https?:\/\//i.test(value), 'Must be an http or https URL');

const metadata = z
  .record(z.unknown())
  .default({})
  .refine((value) => JSON.stringify(value).length <= 4000, 'Metadata is too large');

const cartCheckout = z.object({
  success_url: returnUrl,
  cancel_url: returnUrl,
  // The purchase goes to the signed-in account's email; this one is only checked for shape.
  email: z.string().trim().max(254).email('Please enter a valid email address').optional(),
  cart_id: z.string().max(100).nullish(),
  metadata,
});

const quickCheckout = z.object({
  product_variant_id: z.string().uuid(),
  quantity: z.number().int().min(1).max(CART_RULES.maxLineQuantity).default(CART_RULES.quantityPerAdd),
  success_url: returnUrl,
  cancel_url: returnUrl,
  metadata,
});

/** Spec §7 "Checkout"; mounted at /api/checkout/. */
export function checkoutRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/', requireUser, validate('json', cartCheckout), async (c) => {
    const body = c.req.valid('json');
    const user = c.var.user;
    const { cartId } = await shopperCart(c, { create: false });
    const items = await cartLines(c.var.deps.db, cartId);
    if (items.length === 0) throw new ApiError(400, 'Your cart is empty', 'cart_empty');
    const token = readCartToken(c);
    const result = await openCheckoutSession(c.var.deps, {
      user,
      kind: 'cart',
      cartId,
      cartTokenHash: token ? hashCartToken(token) : null,
      lines: items.map((item) => ({ variantId: item.variant_id, quantity: item.quantity })),
      successUrl: body.success_url,
      cancelUrl: body.cancel_url,
      metadata: { ...body.metadata, cart_id: cartId },
    });
    return c.json({ checkout_url: result.checkout_url });
  });

  app.post('/quick', requireUser, validate('json', quickCheckout), async (c) => {
    const body = c.req.valid('json');
    const token = readCartToken(c);
    const result = await openCheckoutSession(c.var.deps, {
      user: c.var.user,
      kind: 'quick',
      cartId: null,
      cartTokenHash: token ? hashCartToken(token) : null,
      lines: [{ variantId: body.product_variant_id, quantity: body.quantity }],
      successUrl: body.success_url,
      cancelUrl: body.cancel_url,
      metadata: body.metadata,
    });
    return c.json({ checkout_url: result.checkout_url });
  });

  // Provider notifications (Stripe): verified by signature, then fulfilled or released idempotently.
  app.post('/webhook', async (c) => {
    const { payments, db, clock, log } = c.var.deps;
    if (!payments.parseWebhook) throw new ApiError(404, 'No payment provider sends webhooks here');
    const outcome = payments.parseWebhook(await c.req.text(), c.req.header('stripe-signature'));
    if (outcome.type === 'ignored') return c.json({ received: true, handled: false });
    const session =
      (outcome.sessionId ? await findCheckoutSession(db, outcome.sessionId) : undefined) ??
      (await findCheckoutSession(db, outcome.providerSessionId));
    if (!session || session.provider !== payments.name) {
      log.info(`webhook for an unknown checkout session ${outcome.providerSessionId}`);
      return c.json({ received: true, handled: false });
    }
    if (outcome.type === 'paid') {
      try {
        const { purchaseId } = await fulfilCheckoutSession(c.var.deps, session.id, outcome.payment);
        return c.json({ received: true, handled: true, purchase_id: purchaseId });
      } catch (error) {
        // Paid but not fulfillable (stock gone after expiry): the owner must refund it.
        log.error(`checkout session ${session.id} (${outcome.providerSessionId}) was paid but could not be fulfilled`, error);
        throw error;
      }
    }
    await closeCheckoutSession(db, session.id, outcome.type, clock.now());
    return c.json({ received: true, handled: true });
  });

  return app;
}
