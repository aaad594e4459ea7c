import { Hono } from 'hono';
import { z } from 'zod';

import {
  adminPageListSchema,
  adminPageSchema,
  createPageRequestSchema,
  publishPageRequestSchema,
  restorePageRequestSchema,
  savePageRequestSchema,
} from '@contract/api/pages';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { validate } from '../../http-errors.js';
import { createPage, deletePage, publishPage, restorePage, savePage } from '../../services/pages.js';
import { adminPage, listPages } from '../../services/pages-read.js';
import { ownerOnly } from './guard.js';

const idParam = z.object({ id: z.string().uuid() });

/**
 * Content pages (ADR 068): staff read them and save drafts; an owner also adds pages, changes an
 * address, publishes and deletes their own pages (the service refuses a staff member's publish, slug
 * change or deletion too).
 */
export function adminPageRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/pages', async (c) => answer(c, adminPageListSchema, { pages: await listPages(c.var.deps.db) }));

  app.post('/pages', ownerOnly, validate('json', createPageRequestSchema), async (c) =>
    answer(c, adminPageSchema, await createPage(c.var.deps, c.req.valid('json'), c.var.actor), 201),
  );

  app.get('/pages/:id', validate('param', idParam), async (c) =>
    answer(c, adminPageSchema, await adminPage(c.var.deps.db, c.req.valid('param').id)),
  );

  app.put('/pages/:id', validate('param', idParam), validate('json', savePageRequestSchema), async (c) =>
    answer(c, adminPageSchema, await savePage(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor)),
  );

  app.post('/pages/:id/restore', validate('param', idParam), validate('json', restorePageRequestSchema), async (c) =>
    answer(c, adminPageSchema, await restorePage(c.var.deps, c.req.valid('param').id, c.req.valid('json').version, c.var.actor)),
  );

  app.post('/pages/:id/publish', ownerOnly, validate('param', idParam), validate('json', publishPageRequestSchema), async (c) =>
    answer(c, adminPageSchema, await publishPage(c.var.deps, c.req.valid('param').id, c.req.valid('json').version, c.var.actor)),
  );

  app.delete('/pages/:id', ownerOnly, validate('param', idParam), async (c) => {
    await deletePage(c.var.deps, c.req.valid('param').id, c.var.actor);
    return c.body(null, 204);
  });

  return app;
}
