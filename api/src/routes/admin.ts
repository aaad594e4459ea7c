import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import {
  deliverAnswerSchema,
  deliverRequestSchema,
  orderDetailSchema,
  orderListSchema,
  orderParamSchema,
  outboxQuerySchema,
  outboxSchema,
  restockAnswerSchema,
  restockRequestSchema,
  shipAnswerSchema,
  shipRequestSchema,
  stockListSchema,
} from '@contract/api/admin';
import { answer } from '../answer.js';
import type { AppEnv } from '../app.js';
import { ApiError, validate } from '../http-errors.js';
import { readOutbox } from '../services/mail.js';
import { deliverOrder, listOrders, orderDetail, shipOrder } from '../services/fulfilment.js';
import { listStock, restockVariant } from '../services/stock.js';

function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The owner's routes (the shop CLI): bearer token from DATA_DIR, never handed to shoppers. */
export function adminRoutes() {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const token = c.var.deps.config.adminToken;
    if (!token) throw new ApiError(404, 'Not Found');
    const header = c.req.header('Authorization') ?? '';
    const given = /^Bearer (.+)$/i.exec(header)?.[1];
    if (!given || !sameToken(given, token)) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new ApiError(401, 'Not authenticated');
    }
    c.header('Cache-Control', 'no-store');
    await next();
  });

  app.get('/stock', async (c) => answer(c, stockListSchema, await listStock(c.var.deps.db)));

  app.post('/restock', validate('json', restockRequestSchema), async (c) => {
    const { sku, quantity } = c.req.valid('json');
    return answer(c, restockAnswerSchema, await restockVariant(c.var.deps, sku, quantity));
  });

  app.get('/orders', async (c) => answer(c, orderListSchema, await listOrders(c.var.deps.db)));

  // The outbox, for the owner: how a sign-in code is read when mail is not sent by SMTP and the public mailbox is off.
  app.get('/mail', validate('query', outboxQuerySchema), async (c) => {
    if (c.var.deps.mail.transport !== 'outbox') throw new ApiError(404, 'Mail is delivered by SMTP; there is no outbox to read');
    return answer(c, outboxSchema, await readOutbox(c.var.deps.db, c.req.valid('query').to || undefined));
  });

  app.get('/orders/:order', validate('param', orderParamSchema), async (c) =>
    answer(c, orderDetailSchema, await orderDetail(c.var.deps.db, c.req.valid('param').order)),
  );

  app.post(
    '/orders/ship',
    validate('json', shipRequestSchema),
    async (c) => {
      const { order, carrier, tracking } = c.req.valid('json');
      return answer(c, shipAnswerSchema, await shipOrder(c.var.deps, order, carrier, tracking));
    },
  );

  app.post('/orders/deliver', validate('json', deliverRequestSchema), async (c) =>
    answer(c, deliverAnswerSchema, await deliverOrder(c.var.deps, c.req.valid('json').order)),
  );

  return app;
}
