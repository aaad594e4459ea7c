import { Hono } from 'hono';
import { productDetailsQuerySchema, productDetailsSchema, productListSchema, productRenamedSchema } from '@contract/api/catalogue';
import { DomainError } from '../domain-error.js';
import { renamedProduct } from '../services/products-admin.js';
import type { AppEnv } from '../app.js';
import { answer } from '../answer.js';
import { validate } from '../http-errors.js';
import { listCatalogue, productDetails } from '../services/catalogue.js';

export function productRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/list', async (c) => answer(c, productListSchema, await listCatalogue(c.var.deps.db, c.var.deps.clock.now(), c.var.deps.metrics)));

  app.get('/details', validate('query', productDetailsQuerySchema), async (c) => {
    const { db, config, metrics } = c.var.deps;
    return answer(c, productDetailsSchema, await productDetails(db, c.req.valid('query').product_name, config.storageUrl, c.var.deps.clock.now(), metrics));
  });

  // A product's old name, after the owner renamed it: where its page went (the storefront redirects).
  app.get('/renamed', validate('query', productDetailsQuerySchema), async (c) => {
    const name = await renamedProduct(c.var.deps.db, c.req.valid('query').product_name);
    if (!name) throw new DomainError('not_found', 'Product not found');
    return answer(c, productRenamedSchema, { name });
  });

  return app;
}
