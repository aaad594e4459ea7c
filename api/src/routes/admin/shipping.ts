import { Hono } from 'hono';

import {
  carrierListSchema,
  carrierParamSchema,
  carrierRequestSchema,
  carrierSchema,
  packingSlipsRequestSchema,
  shipmentsCsvRequestSchema,
  shipmentsReportSchema,
} from '@contract/api/shipping';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { validate } from '../../http-errors.js';
import { shipFromCsv } from '../../services/shipping/bulk-ship.js';
import { addCarrier, changeCarrier, listCarriers, removeCarrier } from '../../services/shipping/carriers.js';
import { packingSlips } from '../../services/shipping/packing-slips.js';
import { ownerOnly } from './guard.js';

/**
 * Shipping many orders (issue 42): packing slips and a CSV of shipments, as staff ship one order;
 * the carriers, read by staff and changed by an owner.
 */
export function adminShippingRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/carriers', async (c) => answer(c, carrierListSchema, await listCarriers(c.var.deps.db)));

  app.post('/carriers', ownerOnly, validate('json', carrierRequestSchema), async (c) =>
    answer(c, carrierSchema, await addCarrier(c.var.deps, c.req.valid('json'), c.var.actor), 201),
  );

  app.post('/carriers/:id', ownerOnly, validate('param', carrierParamSchema), validate('json', carrierRequestSchema), async (c) =>
    answer(c, carrierSchema, await changeCarrier(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor)),
  );

  app.delete('/carriers/:id', ownerOnly, validate('param', carrierParamSchema), async (c) => {
    await removeCarrier(c.var.deps, c.req.valid('param').id, c.var.actor);
    return c.body(null, 204);
  });

  app.post('/orders/packing-slips', validate('json', packingSlipsRequestSchema), async (c) => {
    const { pdf, orders } = await packingSlips(c.var.deps, c.req.valid('json'), c.var.actor, c.var.locale);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="packing-slips.pdf"',
      'X-Orders-Printed': String(orders.length),
    });
  });

  app.post('/orders/ship-csv', validate('json', shipmentsCsvRequestSchema), async (c) =>
    answer(c, shipmentsReportSchema, await shipFromCsv(c.var.deps, c.req.valid('json').csv, c.var.actor)),
  );

  return app;
}
