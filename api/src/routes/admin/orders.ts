import { Hono } from 'hono';

import {
  deliverAnswerSchema,
  deliverRequestSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderListSchema,
  orderNoteRequestSchema,
  orderNoteSchema,
  orderParamSchema,
  shipAnswerSchema,
  shipRequestSchema,
} from '@contract/api/admin';
import { cancelRequestSchema, refundAnswerSchema, refundRequestSchema } from '@contract/api/refunds';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { validate } from '../../http-errors.js';
import { addOrderNote, deliverOrder, listOrders, orderDetail, shipOrder } from '../../services/fulfilment.js';
import { cancelOrder, refundOrder } from '../../services/refunds/run.js';
import { ownerOnly } from './guard.js';

/** Orders: the list, one order, notes, shipping and delivery (staff), refunds and cancellations (an owner). */
export function adminOrderRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/orders', validate('query', orderListQuerySchema), async (c) =>
    answer(c, orderListSchema, await listOrders(c.var.deps.db, c.req.valid('query'))),
  );

  app.get('/orders/:order', validate('param', orderParamSchema), async (c) =>
    answer(c, orderDetailSchema, await orderDetail(c.var.deps, c.req.valid('param').order)),
  );

  app.post('/orders/ship', validate('json', shipRequestSchema), async (c) => {
    const { order, carrier, tracking } = c.req.valid('json');
    return answer(c, shipAnswerSchema, await shipOrder(c.var.deps, order, carrier, tracking, c.var.actor));
  });

  app.post('/orders/notes', validate('json', orderNoteRequestSchema), async (c) => {
    const { order, note } = c.req.valid('json');
    return answer(c, orderNoteSchema, await addOrderNote(c.var.deps, order, note, c.var.actor), 201);
  });

  // Money goes back only on an owner's word.
  app.post('/orders/refund', ownerOnly, validate('json', refundRequestSchema), async (c) =>
    answer(c, refundAnswerSchema, await refundOrder(c.var.deps, c.req.valid('json'), c.var.actor)),
  );

  app.post('/orders/cancel', ownerOnly, validate('json', cancelRequestSchema), async (c) =>
    answer(c, refundAnswerSchema, await cancelOrder(c.var.deps, c.req.valid('json'), c.var.actor)),
  );

  app.post('/orders/deliver', validate('json', deliverRequestSchema), async (c) =>
    answer(c, deliverAnswerSchema, await deliverOrder(c.var.deps, c.req.valid('json').order, c.var.actor)),
  );

  return app;
}
