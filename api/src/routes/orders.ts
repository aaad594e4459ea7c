import { Hono } from 'hono';

import {
  ordersOverviewQuerySchema,
  ordersOverviewSchema,
  purchaseDetailSchema,
  purchaseIntentParamSchema,
  purchaseListSchema,
  purchaseQuerySchema,
  purchaseStatsSchema,
  purchaseSuccessAnswerSchema,
} from '@contract/api/orders';

import { answer } from '../answer.js';
import { optionalUser, readCartToken } from '../auth/cart-cookie.js';
import { requireUser } from '../auth/middleware.js';
import { isGuest } from '../auth/users.js';
import type { AppEnv } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { ApiError, validate } from '../http-errors.js';
import { hashCartToken } from '../services/cart.js';
import { findCheckoutSession } from '../services/checkout.js';
import { fulfilCheckoutSession, refusedPayment } from '../services/checkout-fulfilment.js';
import { getPurchase, loadPurchaseSuccess, purchaseOfSession } from '../services/order-confirmation.js';
import { listPurchases, ordersOverview, purchaseDetail, purchaseStats } from '../services/orders.js';
import { orderLocale, renderReceipt } from '../services/receipts.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'Purchase not found';

/** The provider's word on a payment; a provider that cannot be reached is a 502 the shopper can retry, not a 500. */
async function retrievePayment(payments: AppEnv['Variables']['deps']['payments'], providerSessionId: string) {
  try {
    return await payments.retrievePayment(providerSessionId);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('upstream_unavailable', 'The payment provider could not be reached. Please try again in a moment.');
  }
}

/** docs/product.md#api-orders; mounted at /api/user/. */
export function orderRoutes() {
  const app = new Hono<AppEnv>();

  // The id is a checkout session id (ours or the provider's) or a purchase id. Answers to the bearer's
  // user, or without a bearer to the cart cookie the checkout was made with.
  app.get('/purchase-success/:purchase_intent_id', validate('param', purchaseIntentParamSchema), async (c) => {
    const { purchase_intent_id: id } = c.req.valid('param');
    const { db } = c.var.deps;
    const user = await optionalUser(c);
    const token = readCartToken(c);
    if (!user && !token) throw new ApiError(401, 'Not authenticated');

    const session = await findCheckoutSession(db, id);
    let purchase = session ? await purchaseOfSession(db, session.id) : UUID.test(id) ? await getPurchase(db, id) : undefined;
    const owner = session?.user_id ?? purchase?.user_id;
    // The cart cookie alone opens only a guest's order (a guest whose session ran out while
    // paying); a registered buyer's order needs their sign-in, so it stays closed after sign-out.
    const allowed = user
      ? owner === user.id
      : Boolean(session?.cart_token_hash && token && session.cart_token_hash === hashCartToken(token)) && (await isGuest(db, owner));
    if (!owner || !allowed) throw new ApiError(404, NOT_FOUND);

    if (!purchase && session && (session.status === 'refund_pending' || session.status === 'refunded'))
      await refusedPayment(c.var.deps, session.id);
    // The shopper may come back before the provider's webhook: ask the provider, and fulfil if paid.
    if (!purchase && session && session.status !== 'completed' && session.provider_session_id) {
      const { payments } = c.var.deps;
      const payment = session.provider === payments.name ? await retrievePayment(payments, session.provider_session_id) : null;
      if (payment) {
        const { purchaseId } = await fulfilCheckoutSession(c.var.deps, session.id, payment);
        purchase = await getPurchase(db, purchaseId);
      }
    }
    if (!purchase) throw new ApiError(404, 'Payment for this order has not been completed', 'payment_not_completed');
    c.header('Cache-Control', 'private, no-store');
    const success = await loadPurchaseSuccess(db, purchase.id, id);
    if (!success) throw new ApiError(404, NOT_FOUND);
    return answer(c, purchaseSuccessAnswerSchema, success);
  });

  app.get('/purchases', requireUser, validate('query', purchaseQuerySchema), async (c) => {
    const { limit, offset, q, status } = c.req.valid('query');
    c.header('Cache-Control', 'private, no-store');
    return answer(c, purchaseListSchema, await listPurchases(c.var.deps.db, c.var.user.id, limit, offset, { q, status }));
  });

  app.get('/purchase/:purchase_id', requireUser, async (c) => {
    const id = c.req.param('purchase_id');
    const detail = UUID.test(id) ? await purchaseDetail(c.var.deps, c.var.user.id, id) : undefined;
    if (!detail) throw new ApiError(404, NOT_FOUND);
    c.header('Cache-Control', 'private, no-store');
    return answer(c, purchaseDetailSchema, detail);
  });

  app.get('/purchase/:purchase_id/receipt', requireUser, async (c) => {
    if (c.var.user.user_type !== 'registered')
      throw new ApiError(403, 'Please create an account to download receipts', 'registration_required');
    const id = c.req.param('purchase_id');
    const detail = UUID.test(id) ? await purchaseDetail(c.var.deps, c.var.user.id, id) : undefined;
    if (!detail) throw new ApiError(404, NOT_FOUND);
    const { first_name, last_name } = c.var.user;
    // In the language the order was placed in.
    const locale = await orderLocale(c.var.deps.db, id);
    const pdf = await renderReceipt({ ...detail, buyer_name: [first_name, last_name].filter(Boolean).join(' ') || null }, locale);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="receipt_${id.slice(0, 8)}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  });

  // The orders page's reads in one call (issue #21): one sign-in check and one statement for the list,
  // the statistics and the order the page opens (issue #36). The list must be read; the statistics
  // answer null when they fail, as the page goes on without them; an order not the shopper's, null.
  app.get('/orders-overview', requireUser, validate('query', ordersOverviewQuerySchema), async (c) => {
    const { limit, q, status, open } = c.req.valid('query');
    const overview = await ordersOverview(c.var.deps, c.var.user.id, limit, { q, status }, open);
    c.header('Cache-Control', 'private, no-store');
    return answer(c, ordersOverviewSchema, overview);
  });

  app.get('/stats', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return answer(c, purchaseStatsSchema, await purchaseStats(c.var.deps.db, c.var.user.id));
  });

  return app;
}
