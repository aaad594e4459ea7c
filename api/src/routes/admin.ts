import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import {
  deliverAnswerSchema,
  deliverRequestSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderNoteRequestSchema,
  orderNoteSchema,
  orderListSchema,
  orderParamSchema,
  outboxQuerySchema,
  outboxSchema,
  restockAnswerSchema,
  restockRequestSchema,
  shipAnswerSchema,
  shipRequestSchema,
  shopSettingsRequestSchema,
  shopSettingsSchema,
  stockListSchema,
} from '@contract/api/admin';
import { adminMeSchema, auditListSchema, auditQuerySchema, staffAddRequestSchema, staffListSchema, staffMemberSchema, staffRemoveRequestSchema, staffResendRequestSchema } from '@contract/api/staff';
import { createMiddleware } from 'hono/factory';
import { customerDetailSchema, customerListQuerySchema, customerListSchema, customerNoteRequestSchema, customerParamSchema } from '@contract/api/customers';
import { answer } from '../answer.js';
import { addCustomerNote, customerDetail, listCustomers } from '../services/customers.js';
import { DomainError } from '../domain-error.js';
import { actorName, listAudit, recordAudit } from '../services/audit.js';
import { adminDiscountCodeSchema, adminDiscountListSchema, discountCodeRequestSchema, discountIdParamSchema } from '@contract/api/discounts';
import { createDiscountCode, editDiscountCode, getDiscountCode, listDiscountCodes } from '../services/discounts.js';
import { BACKUP_CONTENT_TYPE, backupFileName, startBackup } from '../services/backup.js';
import { addStaff, listStaff, removeStaff, resendStaffCode, staffOfToken } from '../services/staff.js';
import type { AppEnv } from '../deps.js';
import { ApiError, validate } from '../http-errors.js';
import { readOutbox } from '../services/mail.js';
import { addOrderNote, deliverOrder, listOrders, orderDetail, shipOrder } from '../services/fulfilment.js';
import { listStock, restockVariant } from '../services/stock.js';
import { cancelOrder, refundOrder } from '../services/refunds.js';
import { changeSettings, readSettings } from '../services/settings.js';
import { dashboardFigures } from '../services/figures.js';
import { figuresSchema } from '@contract/api/figures';
import {
  adminProductListSchema,
  adminProductParamSchema,
  adminProductSchema,
  imageMoveSchema,
  imageUpdateSchema,
  imageUploadFieldsSchema,
  productArchiveSchema,
  productCreateRequestSchema,
  productEditRequestSchema,
  productImageParamSchema,
  sizeChartRequestSchema,
  variantCreateRequestSchema,
  variantEditRequestSchema,
  variantParamSchema,
} from '@contract/api/products-admin';
import { addProductImage, moveProductImage, removeProductImage, updateProductImage } from '../services/product-images.js';
import { addVariant, adminProduct, archiveProduct, createProduct, editProduct, editVariant, listAdminProducts, saveSizeChart } from '../services/products-admin.js';
import { cancelRequestSchema, refundAnswerSchema, refundRequestSchema } from '@contract/api/refunds';
import { adminReturnRoutes } from './returns.js';

function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The back office's routes: the CLI calls them with the admin token kept in DATA_DIR (acting as the
 * owner), the back office with the signed-in staff member's own session token, so roles are enforced
 * here. Never handed to shoppers.
 */
export function adminRoutes() {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const given = /^Bearer (.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    const { adminToken } = c.var.deps.config;
    if (given && adminToken && sameToken(given, adminToken)) c.set('actor', { kind: 'cli', role: 'owner' });
    else {
      const staff = given ? await staffOfToken(c.var.deps.db, c.var.deps.clock.now(), given) : undefined;
      if (!staff) {
        c.header('WWW-Authenticate', 'Bearer');
        throw new ApiError(401, 'Not authenticated');
      }
      c.set('actor', { kind: 'staff', id: staff.id, email: staff.email, role: staff.role });
    }
    c.header('Cache-Control', 'no-store');
    await next();
  });

  /** What only an owner may do (staff management, the outbox). */
  const ownerOnly = createMiddleware<AppEnv>(async (c, next) => {
    if (c.var.actor.role !== 'owner') throw new DomainError('forbidden', 'Only an owner may do this');
    await next();
  });

  app.get('/me', (c) => answer(c, adminMeSchema, { actor: actorName(c.var.actor), role: c.var.actor.role }));

  app.get('/staff', ownerOnly, async (c) => answer(c, staffListSchema, await listStaff(c.var.deps.db)));

  app.post('/staff', ownerOnly, validate('json', staffAddRequestSchema), async (c) => {
    const { email, role } = c.req.valid('json');
    return answer(c, staffMemberSchema, await addStaff(c.var.deps, c.var.auth.codes, c.var.actor, email, role), 201);
  });

  app.post('/staff/remove', ownerOnly, validate('json', staffRemoveRequestSchema), async (c) =>
    answer(c, staffMemberSchema, await removeStaff(c.var.deps, c.var.actor, c.req.valid('json').email)),
  );

  app.post('/staff/resend-code', ownerOnly, validate('json', staffResendRequestSchema), async (c) => {
    await resendStaffCode(c.var.deps, c.var.auth.codes, c.req.valid('json').email);
    return c.body(null, 204);
  });

  app.get('/customers', validate('query', customerListQuerySchema), async (c) => answer(c, customerListSchema, await listCustomers(c.var.deps.db, c.req.valid('query'))));

  app.get('/customers/:id', validate('param', customerParamSchema), async (c) => answer(c, customerDetailSchema, await customerDetail(c.var.deps.db, c.req.valid('param').id)));

  app.post('/customers/notes', validate('json', customerNoteRequestSchema), async (c) => {
    const { customer, note } = c.req.valid('json');
    return answer(c, orderNoteSchema, await addCustomerNote(c.var.deps, customer, note, c.var.actor), 201);
  });

  app.get('/audit', validate('query', auditQuerySchema), async (c) => answer(c, auditListSchema, await listAudit(c.var.deps.db, c.req.valid('query'))));

  app.get('/figures', async (c) => answer(c, figuresSchema, await dashboardFigures(c.var.deps.db, c.var.deps.clock.now())));

  app.get('/settings', async (c) => answer(c, shopSettingsSchema, await readSettings(c.var.deps.db)));

  app.post('/settings', ownerOnly, validate('json', shopSettingsRequestSchema), async (c) =>
    answer(c, shopSettingsSchema, await changeSettings(c.var.deps, c.req.valid('json'), c.var.actor)),
  );

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

  app.get('/products', ownerOnly, async (c) => answer(c, adminProductListSchema, await listAdminProducts(c.var.deps.db, c.var.deps.clock.now())));

  app.post('/products', ownerOnly, validate('json', productCreateRequestSchema), async (c) =>
    answer(c, adminProductSchema, await createProduct(c.var.deps, c.req.valid('json'), c.var.actor), 201),
  );

  app.get('/products/:id', ownerOnly, validate('param', adminProductParamSchema), async (c) =>
    answer(c, adminProductSchema, await adminProduct(c.var.deps.db, c.var.deps.clock.now(), c.req.valid('param').id)),
  );

  app.put('/products/:id', ownerOnly, validate('param', adminProductParamSchema), validate('json', productEditRequestSchema), async (c) =>
    answer(c, adminProductSchema, await editProduct(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor)),
  );

  app.put('/products/:id/variants/:variantId', ownerOnly, validate('param', variantParamSchema), validate('json', variantEditRequestSchema), async (c) => {
    const { id, variantId } = c.req.valid('param');
    return answer(c, adminProductSchema, await editVariant(c.var.deps, id, variantId, c.req.valid('json'), c.var.actor));
  });

  app.post('/products/:id/variants', ownerOnly, validate('param', adminProductParamSchema), validate('json', variantCreateRequestSchema), async (c) =>
    answer(c, adminProductSchema, await addVariant(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor), 201),
  );

  app.put('/products/:id/size-chart', ownerOnly, validate('param', adminProductParamSchema), validate('json', sizeChartRequestSchema), async (c) =>
    answer(c, adminProductSchema, await saveSizeChart(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor)),
  );

  app.post('/products/:id/archive', ownerOnly, validate('param', adminProductParamSchema), validate('json', productArchiveSchema), async (c) =>
    answer(c, adminProductSchema, await archiveProduct(c.var.deps, c.req.valid('param').id, c.req.valid('json').archived, c.var.actor)),
  );

  app.post('/products/:id/images', ownerOnly, validate('param', adminProductParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const form = await c.req.parseBody().catch(() => {
      throw new DomainError('bad_request', 'Send the image as a multipart form');
    });
    const file = form.file;
    if (!(file instanceof File) || file.size === 0) throw new ApiError(422, [{ loc: ['body', 'file'], msg: 'Choose an image file to upload', type: 'value_error' }]);
    const fields = imageUploadFieldsSchema.safeParse(Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string')));
    if (!fields.success) throw new ApiError(422, fields.error.issues.map((issue) => ({ loc: ['body', ...issue.path.map(String)], msg: issue.message, type: 'value_error' })));
    await addProductImage(c.var.deps, id, { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name, ...fields.data }, c.var.actor);
    return answer(c, adminProductSchema, await adminProduct(c.var.deps.db, c.var.deps.clock.now(), id), 201);
  });

  app.put('/products/:id/images/:imageId', ownerOnly, validate('param', productImageParamSchema), validate('json', imageUpdateSchema), async (c) => {
    const { id, imageId } = c.req.valid('param');
    await updateProductImage(c.var.deps, id, imageId, c.req.valid('json'), c.var.actor);
    return answer(c, adminProductSchema, await adminProduct(c.var.deps.db, c.var.deps.clock.now(), id));
  });

  app.post('/products/:id/images/:imageId/move', ownerOnly, validate('param', productImageParamSchema), validate('json', imageMoveSchema), async (c) => {
    const { id, imageId } = c.req.valid('param');
    await moveProductImage(c.var.deps, id, imageId, c.req.valid('json'), c.var.actor);
    return answer(c, adminProductSchema, await adminProduct(c.var.deps.db, c.var.deps.clock.now(), id));
  });

  app.delete('/products/:id/images/:imageId', ownerOnly, validate('param', productImageParamSchema), async (c) => {
    const { id, imageId } = c.req.valid('param');
    await removeProductImage(c.var.deps, id, imageId, c.var.actor);
    return answer(c, adminProductSchema, await adminProduct(c.var.deps.db, c.var.deps.clock.now(), id));
  });

  app.get('/stock', async (c) => answer(c, stockListSchema, await listStock(c.var.deps.db, c.var.deps.clock.now())));

  app.post('/restock', validate('json', restockRequestSchema), async (c) => {
    const { sku, quantity } = c.req.valid('json');
    return answer(c, restockAnswerSchema, await restockVariant(c.var.deps, sku, quantity, c.var.actor));
  });

  app.get('/orders', validate('query', orderListQuerySchema), async (c) => answer(c, orderListSchema, await listOrders(c.var.deps.db, c.req.valid('query'))));

  // The outbox, for the owner: how a sign-in code is read when mail is not sent by SMTP and the public mailbox is off.
  app.get('/mail', ownerOnly, validate('query', outboxQuerySchema), async (c) => {
    if (c.var.deps.mail.transport !== 'outbox') throw new ApiError(404, 'Mail is delivered by SMTP; there is no outbox to read');
    return answer(c, outboxSchema, await readOutbox(c.var.deps.db, c.req.valid('query').to || undefined));
  });

  // The whole shop as one tar file (database and stored objects), taken while it serves; `npm run shop -- backup FILE`.
  app.get('/backup', ownerOnly, async (c) => {
    const { backup, db, clock } = c.var.deps;
    if (!backup) throw new ApiError(404, 'This API takes no backups');
    const now = clock.now();
    // Recorded first, so the backup holds the entry of its own making.
    await recordAudit(db, now, c.var.actor, { action: 'backup', subject_type: 'shop', subject_id: backupFileName(now) });
    const archive = await startBackup(backup, now).catch((error: unknown) => {
      c.var.deps.log.error('backup failed', error);
      throw new ApiError(503, `The backup could not be taken: ${error instanceof Error ? error.message : String(error)}`);
    });
    return c.body(Readable.toWeb(Readable.from(archive.chunks)) as ReadableStream, 200, {
      'Content-Type': BACKUP_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${archive.fileName}"`,
    });
  });

  app.get('/orders/:order', validate('param', orderParamSchema), async (c) =>
    answer(c, orderDetailSchema, await orderDetail(c.var.deps, c.req.valid('param').order)),
  );

  app.post(
    '/orders/ship',
    validate('json', shipRequestSchema),
    async (c) => {
      const { order, carrier, tracking } = c.req.valid('json');
      return answer(c, shipAnswerSchema, await shipOrder(c.var.deps, order, carrier, tracking, c.var.actor));
    },
  );

  app.post('/orders/notes', validate('json', orderNoteRequestSchema), async (c) => {
    const { order, note } = c.req.valid('json');
    return answer(c, orderNoteSchema, await addOrderNote(c.var.deps, order, note, c.var.actor), 201);
  });

  // Money goes back only on an owner's word.
  app.post('/orders/refund', ownerOnly, validate('json', refundRequestSchema), async (c) =>
    answer(c, refundAnswerSchema, await refundOrder(c.var.deps, c.req.valid('json'), c.var.actor)),
  );

  app.post('/orders/cancel', ownerOnly, validate('json', cancelRequestSchema), async (c) =>
    answer(c, refundAnswerSchema, await cancelOrder(c.var.deps, c.req.valid('json'), c.var.actor)),
  );

  app.post('/orders/deliver', validate('json', deliverRequestSchema), async (c) =>
    answer(c, deliverAnswerSchema, await deliverOrder(c.var.deps, c.req.valid('json').order, c.var.actor)),
  );

  app.route('/', adminReturnRoutes(ownerOnly));

  return app;
}
