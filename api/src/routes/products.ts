import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app.js';
import { validate } from '../http-errors.js';
import { listCatalogue, productDetails } from '../services/catalogue.js';

export function productRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/list', async (c) => c.json(await listCatalogue(c.var.deps.db)));

  app.get('/details', validate('query', z.object({ product_name: z.string().trim().min(1).max(200) })), async (c) => {
    const { db, config } = c.var.deps;
    return c.json(await productDetails(db, c.req.valid('query').product_name, config.storageUrl));
  });

  return app;
}
