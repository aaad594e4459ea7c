import { Hono } from 'hono';

import { customerParamSchema } from '@contract/api/customers';
import {
  adminGiftCardDetailSchema,
  adminGiftCardListSchema,
  customerStoreCreditSchema,
  giftCardIdParamSchema,
  giftCardProductCreatedSchema,
  giftCardProductRequestSchema,
  issuedGiftCardSchema,
  issueGiftCardRequestSchema,
  storeCreditAdjustRequestSchema,
} from '@contract/api/gift-cards';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { validate } from '../../http-errors.js';
import { createGiftCardProduct } from '../../services/gift-card-sales.js';
import {
  adjustStoreCredit,
  customerStoreCredit,
  disableGiftCard,
  getGiftCard,
  issueGiftCardByOwner,
  listGiftCards,
} from '../../services/gift-cards-admin.js';
import { ownerOnly } from './guard.js';

/** Gift cards and store credit (ADR 052): staff read them; the owner issues, disables and adjusts. */
export function adminGiftCardRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/gift-cards/products', ownerOnly, validate('json', giftCardProductRequestSchema), async (c) =>
    answer(c, giftCardProductCreatedSchema, { id: await createGiftCardProduct(c.var.deps, c.req.valid('json'), c.var.actor) }, 201),
  );

  app.get('/gift-cards', async (c) => answer(c, adminGiftCardListSchema, await listGiftCards(c.var.deps)));

  app.post('/gift-cards', ownerOnly, validate('json', issueGiftCardRequestSchema), async (c) =>
    answer(c, issuedGiftCardSchema, await issueGiftCardByOwner(c.var.deps, c.req.valid('json'), c.var.actor), 201),
  );

  app.get('/gift-cards/:id', validate('param', giftCardIdParamSchema), async (c) =>
    answer(c, adminGiftCardDetailSchema, await getGiftCard(c.var.deps, c.req.valid('param').id)),
  );

  app.post('/gift-cards/:id/disable', ownerOnly, validate('param', giftCardIdParamSchema), async (c) =>
    answer(c, adminGiftCardDetailSchema, await disableGiftCard(c.var.deps, c.req.valid('param').id, c.var.actor)),
  );

  app.get('/customers/:id/store-credit', validate('param', customerParamSchema), async (c) =>
    answer(c, customerStoreCreditSchema, await customerStoreCredit(c.var.deps, c.req.valid('param').id)),
  );

  app.post(
    '/customers/:id/store-credit',
    ownerOnly,
    validate('param', customerParamSchema),
    validate('json', storeCreditAdjustRequestSchema),
    async (c) =>
      answer(c, customerStoreCreditSchema, await adjustStoreCredit(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor)),
  );

  return app;
}
