import { Hono } from 'hono';

import {
  adminNavigationSchema,
  changeNavigationItemRequestSchema,
  moveRequestSchema,
  navigationGroupRequestSchema,
  navigationIdParamSchema,
  navigationItemRequestSchema,
} from '@contract/api/navigation';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { validate } from '../../http-errors.js';
import {
  addNavigationGroup,
  addNavigationItem,
  changeNavigationGroup,
  changeNavigationItem,
  moveNavigationGroup,
  moveNavigationItem,
  removeNavigationGroup,
  removeNavigationItem,
} from '../../services/navigation.js';
import { adminNavigation } from '../../services/navigation-read.js';
import { ownerOnly } from './guard.js';

/**
 * The shop's navigation (ADR 071): staff read it; an owner changes it, as an owner publishes pages,
 * since every change is what shoppers see at once. Each change answers the whole navigation.
 */
export function adminNavigationRoutes() {
  const app = new Hono<AppEnv>();
  const id = validate('param', navigationIdParamSchema);
  const whole = (c: { var: AppEnv['Variables'] }) => adminNavigation(c.var.deps.db);

  app.get('/navigation', async (c) => answer(c, adminNavigationSchema, await whole(c)));

  app.post('/navigation/groups', ownerOnly, validate('json', navigationGroupRequestSchema), async (c) => {
    await addNavigationGroup(c.var.deps, c.req.valid('json'), c.var.actor);
    return answer(c, adminNavigationSchema, await whole(c), 201);
  });

  app.put('/navigation/groups/:id', ownerOnly, id, validate('json', navigationGroupRequestSchema), async (c) => {
    await changeNavigationGroup(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return answer(c, adminNavigationSchema, await whole(c));
  });

  app.post('/navigation/groups/:id/move', ownerOnly, id, validate('json', moveRequestSchema), async (c) => {
    await moveNavigationGroup(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return answer(c, adminNavigationSchema, await whole(c));
  });

  app.delete('/navigation/groups/:id', ownerOnly, id, async (c) => {
    await removeNavigationGroup(c.var.deps, c.req.valid('param').id, c.var.actor);
    return answer(c, adminNavigationSchema, await whole(c));
  });

  app.post('/navigation/groups/:id/items', ownerOnly, id, validate('json', navigationItemRequestSchema), async (c) => {
    await addNavigationItem(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return answer(c, adminNavigationSchema, await whole(c), 201);
  });

  app.put('/navigation/items/:id', ownerOnly, id, validate('json', changeNavigationItemRequestSchema), async (c) => {
    await changeNavigationItem(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return answer(c, adminNavigationSchema, await whole(c));
  });

  app.post('/navigation/items/:id/move', ownerOnly, id, validate('json', moveRequestSchema), async (c) => {
    await moveNavigationItem(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return answer(c, adminNavigationSchema, await whole(c));
  });

  app.delete('/navigation/items/:id', ownerOnly, id, async (c) => {
    await removeNavigationItem(c.var.deps, c.req.valid('param').id, c.var.actor);
    return answer(c, adminNavigationSchema, await whole(c));
  });

  return app;
}
