import { Hono, type MiddlewareHandler } from 'hono';

import { returnOptionsSchema, returnParamSchema, returnRequestSchema, returnSchema, returnTokenParamSchema } from '@contract/api/returns';

import { answer } from '../answer.js';
import { requireUser } from '../auth/middleware.js';
import type { AppEnv } from '../deps.js';
import { ApiError, validate } from '../http-errors.js';
import { isBuyersPurchase, purchaseOfReturnToken } from '../services/returns/links.js';
import { returnOptions } from '../services/returns/read.js';
import { requestReturn } from '../services/returns/request.js';

const NOT_FOUND = 'Purchase not found';

/**
 * The buyer's returns (ADR 032), mounted at /api/returns: a signed-in buyer names their order; a
 * guest brings the signed link of their delivery email, good for that one order only.
 */
export function returnRoutes() {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.header('Cache-Control', 'private, no-store');
    await next();
  });

  /** The buyer's own order, or a 404 that says nothing about anyone else's. */
  const ownOrder: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!(await isBuyersPurchase(c.var.deps.db, c.req.param('purchase_id') ?? '', c.var.user.id))) throw new ApiError(404, NOT_FOUND);
    await next();
  };

  app.get('/purchase/:purchase_id', requireUser, validate('param', returnParamSchema), ownOrder, async (c) =>
    answer(c, returnOptionsSchema, await returnOptions(c.var.deps, c.req.valid('param').purchase_id)),
  );

  app.post(
    '/purchase/:purchase_id',
    requireUser,
    validate('param', returnParamSchema),
    ownOrder,
    validate('json', returnRequestSchema),
    async (c) => answer(c, returnSchema, await requestReturn(c.var.deps, c.req.valid('param').purchase_id, c.req.valid('json')), 201),
  );

  app.get('/guest/:token', validate('param', returnTokenParamSchema), async (c) =>
    answer(
      c,
      returnOptionsSchema,
      await returnOptions(c.var.deps, purchaseOfReturnToken(c.var.deps.config.jwtSecret, c.req.valid('param').token)),
    ),
  );

  app.post('/guest/:token', validate('param', returnTokenParamSchema), validate('json', returnRequestSchema), async (c) => {
    const purchaseId = purchaseOfReturnToken(c.var.deps.config.jwtSecret, c.req.valid('param').token);
    return answer(c, returnSchema, await requestReturn(c.var.deps, purchaseId, c.req.valid('json')), 201);
  });

  return app;
}
