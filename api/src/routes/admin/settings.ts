import { Hono } from 'hono';

import { shopSettingsRequestSchema, shopSettingsSchema } from '@contract/api/admin';
import { menuProductsRequestSchema, menuProductsSchema } from '@contract/api/catalogue';
import { figuresSchema } from '@contract/api/figures';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { validate } from '../../http-errors.js';
import { dashboardFigures } from '../../services/figures.js';
import { changeMenuProducts, changeSettings, readSettings } from '../../services/settings.js';
import { ownerOnly } from './guard.js';

/** The dashboard's figures and the shop's settings (read by staff, changed by an owner). */
export function adminSettingsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/figures', async (c) => answer(c, figuresSchema, await dashboardFigures(c.var.deps.db, c.var.deps.clock.now())));

  app.get('/settings', async (c) => answer(c, shopSettingsSchema, await readSettings(c.var.deps.db)));

  app.post('/settings', ownerOnly, validate('json', shopSettingsRequestSchema), async (c) =>
    answer(c, shopSettingsSchema, await changeSettings(c.var.deps, c.req.valid('json'), c.var.actor)),
  );

  // The products the shop's menu features (ADR 048): an owner chooses them, in order.
  app.post('/settings/menu', ownerOnly, validate('json', menuProductsRequestSchema), async (c) =>
    answer(c, menuProductsSchema, { product_ids: await changeMenuProducts(c.var.deps, c.req.valid('json').product_ids, c.var.actor) }),
  );

  return app;
}
