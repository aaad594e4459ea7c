import { Hono } from 'hono';

import { orderNoteSchema } from '@contract/api/admin';
import {
  customerDetailSchema,
  customerListQuerySchema,
  customerListSchema,
  customerNoteRequestSchema,
  customerParamSchema,
} from '@contract/api/customers';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { validate } from '../../http-errors.js';
import { addCustomerNote, customerDetail, listCustomers } from '../../services/customers.js';

/** Customers: the list, one customer with their orders, and the staff's notes on them. */
export function adminCustomerRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/customers', validate('query', customerListQuerySchema), async (c) =>
    answer(c, customerListSchema, await listCustomers(c.var.deps.db, c.req.valid('query'))),
  );

  app.get('/customers/:id', validate('param', customerParamSchema), async (c) =>
    answer(c, customerDetailSchema, await customerDetail(c.var.deps.db, c.req.valid('param').id)),
  );

  app.post('/customers/notes', validate('json', customerNoteRequestSchema), async (c) => {
    const { customer, note } = c.req.valid('json');
    return answer(c, orderNoteSchema, await addCustomerNote(c.var.deps, customer, note, c.var.actor), 201);
  });

  return app;
}
