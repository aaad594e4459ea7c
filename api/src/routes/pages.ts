import { Hono } from 'hono';
import { z } from 'zod';

import { pageSlugParamSchema, publicPageSchema, publishedPageListSchema } from '@contract/api/pages';
import { SHOP_LOCALES } from '@contract/locale';

import { answer } from '../answer.js';
import type { AppEnv } from '../deps.js';
import { ApiError, validate } from '../http-errors.js';
import { publishedPage, publishedPages } from '../services/pages-read.js';

const localeQuery = z.object({ locale: z.enum(SHOP_LOCALES).optional() });

/**
 * Published content pages, for everyone: the list of their addresses (for the sitemap), and a page in
 * the asked language, or where its old slug moved to.
 */
export function pageRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => answer(c, publishedPageListSchema, { pages: await publishedPages(c.var.deps.db) }));

  app.get('/:slug', validate('param', pageSlugParamSchema), validate('query', localeQuery), async (c) => {
    const locale = c.req.valid('query').locale ?? c.var.locale;
    const page = await publishedPage(c.var.deps.db, c.req.valid('param').slug, locale);
    if (!page) throw new ApiError(404, 'Page not found');
    return answer(c, publicPageSchema, page);
  });

  return app;
}
