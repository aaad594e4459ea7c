import { Hono } from 'hono';

import { adminHomeSchema, featuredRequestSchema, heroImageSchema, heroSlotParamSchema, saveHeroRequestSchema } from '@contract/api/home';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { ApiError, validate } from '../../http-errors.js';
import { adminHome, removeHero, saveHero, storeHeroImage } from '../../services/home.js';
import { changeFeatured } from '../../services/home-featured.js';
import { ownerOnly } from './guard.js';

/**
 * The home page's hero (ADR 073): staff see it; an owner sets the hero shown now and the one
 * scheduled to replace it, uploads its image, takes a hero away, and chooses the products shown first.
 */
export function adminHomeRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/home', async (c) => answer(c, adminHomeSchema, await adminHome(c.var.deps)));

  app.put('/home/hero/:slot', ownerOnly, validate('param', heroSlotParamSchema), validate('json', saveHeroRequestSchema), async (c) =>
    answer(c, adminHomeSchema, await saveHero(c.var.deps, c.req.valid('param').slot, c.req.valid('json'), c.var.actor)),
  );

  app.delete('/home/hero/:slot', ownerOnly, validate('param', heroSlotParamSchema), async (c) =>
    answer(c, adminHomeSchema, await removeHero(c.var.deps, c.req.valid('param').slot, c.var.actor)),
  );

  app.put('/home/featured', ownerOnly, validate('json', featuredRequestSchema), async (c) =>
    answer(c, adminHomeSchema, await changeFeatured(c.var.deps, c.req.valid('json').product_ids, c.var.actor, () => adminHome(c.var.deps))),
  );

  /** An image for a hero, stored as product images are: it shows once a hero is saved with it. */
  app.post('/home/images', ownerOnly, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = form.file;
    if (!(file instanceof File) || file.size === 0)
      throw new ApiError(422, [{ loc: ['body', 'file'], msg: 'Choose an image file to upload', type: 'value_error' }]);
    return answer(c, heroImageSchema, await storeHeroImage(c.var.deps, new Uint8Array(await file.arrayBuffer())), 201);
  });

  return app;
}
