import { Hono } from 'hono';

import {
  catalogueBrowseSchema,
  catalogueQuerySchema,
  isBrowsing,
  menuProductsSchema,
  productDetailsQuerySchema,
  productDetailsSchema,
  productListSchema,
  productRenamedSchema,
} from '@contract/api/catalogue';

import { answer } from '../answer.js';
import type { AppEnv } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { ApiError, parseInput, validate } from '../http-errors.js';
import { keptAnswer, nextLaunch } from '../kept-answers.js';
import { browseCatalogue, listCatalogue, productDetails } from '../services/catalogue.js';
import { renamedProduct } from '../services/products-admin/read.js';
import { readMenuProducts } from '../services/settings.js';

/** The list's body: nothing, or a JSON object of browsing parameters. */
async function listBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The body must be JSON', 'bad_request');
  }
}

const parseQuery = (body: unknown) => parseInput(catalogueQuerySchema, body, 'body');

export function productRoutes() {
  const app = new Hono<AppEnv>();

  // The spec's call: an empty body (or {}) answers the whole array. Browsing parameters filter it, and cut it when a page is asked (issue #21).
  app.post('/list', async (c) => {
    const { db, clock, metrics } = c.var.deps;
    const query = parseQuery(await listBody(c.req.raw));
    if (!isBrowsing(query)) {
      return keptAnswer(
        c,
        'list',
        productListSchema,
        (now) => listCatalogue(db, now, metrics),
        (items, now) =>
          nextLaunch(
            items.map((item) => item.launch_date),
            now,
          ),
      );
    }
    const browsed = await browseCatalogue(
      db,
      query.page || query.per_page ? query : { ...query, per_page: Number.MAX_SAFE_INTEGER },
      clock.now(),
      metrics,
    );
    return answer(c, productListSchema, browsed.items);
  });

  app.get('/browse', validate('query', catalogueQuerySchema), async (c) => {
    const { db, metrics } = c.var.deps;
    const query = c.req.valid('query');
    return keptAnswer(
      c,
      `browse ${JSON.stringify(query)}`,
      catalogueBrowseSchema,
      (now) => browseCatalogue(db, query, now, metrics),
      (page, now) =>
        nextLaunch(
          page.items.map((item) => item.launch_date),
          now,
        ),
    );
  });

  app.get('/details', validate('query', productDetailsQuerySchema), async (c) => {
    const { db, config, metrics } = c.var.deps;
    const name = c.req.valid('query').product_name;
    return keptAnswer(
      c,
      `details ${name}`,
      productDetailsSchema,
      (now) => productDetails(db, name, config.storageUrl, now, metrics),
      (product, now) => nextLaunch(product.launch_date ? [product.launch_date] : [], now),
    );
  });

  // A product's old name, after the owner renamed it: where its page went (the storefront redirects).
  app.get('/renamed', validate('query', productDetailsQuerySchema), async (c) => {
    const name = await renamedProduct(c.var.deps.db, c.req.valid('query').product_name);
    if (!name) throw new DomainError('not_found', 'Product not found');
    return answer(c, productRenamedSchema, { name });
  });

  // The products the owner features in the shop's menu (their ids, in order); [] for the newest.
  app.get('/menu', async (c) => answer(c, menuProductsSchema, { product_ids: await readMenuProducts(c.var.deps.db) }));

  return app;
}
