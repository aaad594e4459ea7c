import { Hono } from 'hono';

import {
  returnActionSchema,
  returnListQuerySchema,
  returnListSchema,
  returnNumberParamSchema,
  returnSchema,
  returnShipSchema,
} from '@contract/api/returns';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { validate } from '../../http-errors.js';
import { listReturns, returnByNumber } from '../../services/returns/read.js';
import { cancelReturn, receiveReturn, refundReturn, shipExchange } from '../../services/returns/staff.js';
import { ownerOnly } from './guard.js';

/**
 * The back office's returns, inside the admin routes (their guard has run): staff mark a parcel
 * received; refunding, shipping an exchange and cancelling are an owner's, as refunds are (ADR 022, 023).
 */
export function adminReturnRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/returns', validate('query', returnListQuerySchema), async (c) =>
    answer(c, returnListSchema, await listReturns(c.var.deps.db, c.req.valid('query'))),
  );

  app.get('/returns/:number', validate('param', returnNumberParamSchema), async (c) =>
    answer(c, returnSchema, await returnByNumber(c.var.deps.db, c.req.valid('param').number)),
  );

  app.post('/returns/receive', validate('json', returnActionSchema), async (c) =>
    answer(c, returnSchema, await receiveReturn(c.var.deps, c.req.valid('json').return, c.var.actor)),
  );

  app.post('/returns/refund', ownerOnly, validate('json', returnActionSchema), async (c) =>
    answer(c, returnSchema, await refundReturn(c.var.deps, c.req.valid('json').return, c.var.actor)),
  );

  app.post('/returns/ship', ownerOnly, validate('json', returnShipSchema), async (c) => {
    const { return: number, carrier, tracking } = c.req.valid('json');
    return answer(c, returnSchema, await shipExchange(c.var.deps, number, carrier, tracking, c.var.actor));
  });

  app.post('/returns/cancel', ownerOnly, validate('json', returnActionSchema), async (c) =>
    answer(c, returnSchema, await cancelReturn(c.var.deps, c.req.valid('json').return, c.var.actor)),
  );

  return app;
}
