import { Hono } from 'hono';

import { restockAnswerSchema, restockRequestSchema, stockListSchema } from '@contract/api/admin';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { validate } from '../../http-errors.js';
import { listStock, restockVariant } from '../../services/stock.js';

/** Stock levels, and restocking (which sends the back-in-stock emails). */
export function adminStockRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/stock', async (c) => answer(c, stockListSchema, await listStock(c.var.deps.db, c.var.deps.clock.now())));

  app.post('/restock', validate('json', restockRequestSchema), async (c) => {
    const { sku, quantity } = c.req.valid('json');
    return answer(c, restockAnswerSchema, await restockVariant(c.var.deps, sku, quantity, c.var.actor));
  });

  return app;
}
