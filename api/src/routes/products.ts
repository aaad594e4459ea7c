import { Hono } from 'hono';
import { productDetailsQuerySchema, productDetailsSchema, productListSchema } from '@contract/api/catalogue';
import type { AppEnv } from '../app.js';
import { answer } from '../answer.js';
import { validate } from '../http-errors.js';
import { listCatalogue, productDetails } from '../services/catalogue.js';

export function productRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/list', async (c) => answer(c, productListSchema, await listCatalogue(c.var.deps.db, c.var.deps.metrics)));

  app.get('/details', validate('query', productDetailsQuerySchema), async (c) => {
    const { db, config, metrics } = c.var.deps;
    return answer(c, productDetailsSchema, await productDetails(db, c.req.valid('query').product_name, config.storageUrl, metrics));
  });

  return app;
}
