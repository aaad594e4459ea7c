import { Hono } from 'hono';

import {
  adminDiscountCodeSchema,
  adminDiscountListSchema,
  discountCodeRequestSchema,
  discountIdParamSchema,
} from '@contract/api/discounts';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { validate } from '../../http-errors.js';
import { createDiscountCode, editDiscountCode, getDiscountCode, listDiscountCodes } from '../../services/discounts.js';
import { ownerOnly } from './guard.js';

/** Discount codes: an owner's to list, create and edit. */
export function adminDiscountRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/discounts', ownerOnly, async (c) => answer(c, adminDiscountListSchema, await listDiscountCodes(c.var.deps)));

  app.post('/discounts', ownerOnly, validate('json', discountCodeRequestSchema), async (c) =>
    answer(c, adminDiscountCodeSchema, await createDiscountCode(c.var.deps, c.req.valid('json'), c.var.actor), 201),
  );

  app.get('/discounts/:id', ownerOnly, validate('param', discountIdParamSchema), async (c) =>
    answer(c, adminDiscountCodeSchema, await getDiscountCode(c.var.deps, c.req.valid('param').id)),
  );

  app.put('/discounts/:id', ownerOnly, validate('param', discountIdParamSchema), validate('json', discountCodeRequestSchema), async (c) =>
    answer(c, adminDiscountCodeSchema, await editDiscountCode(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor)),
  );

  return app;
}
