import { type Context, Hono } from 'hono';

import {
  adminProductListSchema,
  adminProductParamSchema,
  adminProductSchema,
  imageMoveSchema,
  imageUpdateSchema,
  imageUploadFieldsSchema,
  italianTextsRequestSchema,
  productArchiveSchema,
  productCreateRequestSchema,
  productEditRequestSchema,
  productImageParamSchema,
  sizeChartRequestSchema,
  variantCreateRequestSchema,
  variantEditRequestSchema,
  variantParamSchema,
} from '@contract/api/products-admin';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { DomainError } from '../../domain-error.js';
import { ApiError, validate } from '../../http-errors.js';
import {
  addProductImage,
  type ImageUpload,
  moveProductImage,
  removeProductImage,
  updateProductImage,
} from '../../services/product-images.js';
import { saveItalianTexts } from '../../services/products-admin/italian.js';
import { archiveProduct, createProduct, editProduct } from '../../services/products-admin/products.js';
import { adminProduct, listAdminProducts } from '../../services/products-admin/read.js';
import { saveSizeChart } from '../../services/products-admin/size-charts.js';
import { addVariant, editVariant } from '../../services/products-admin/variants.js';
import { ownerOnly } from './guard.js';

/** An uploaded image and its fields, from a multipart form; a missing file or a bad field is a 422. */
async function imageUpload(c: Context<AppEnv>): Promise<ImageUpload> {
  const form = await c.req.parseBody().catch(() => {
    throw new DomainError('bad_request', 'Send the image as a multipart form');
  });
  const file = form.file;
  if (!(file instanceof File) || file.size === 0)
    throw new ApiError(422, [{ loc: ['body', 'file'], msg: 'Choose an image file to upload', type: 'value_error' }]);
  const fields = imageUploadFieldsSchema.safeParse(Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string')));
  if (!fields.success)
    throw new ApiError(
      422,
      fields.error.issues.map((issue) => ({ loc: ['body', ...issue.path.map(String)], msg: issue.message, type: 'value_error' })),
    );
  return { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name, ...fields.data };
}

/** The catalogue as the owner edits it: products, variants, size charts and images. */
export function adminProductRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/products', ownerOnly, async (c) =>
    answer(c, adminProductListSchema, await listAdminProducts(c.var.deps.db, c.var.deps.clock.now())),
  );

  app.post('/products', ownerOnly, validate('json', productCreateRequestSchema), async (c) =>
    answer(c, adminProductSchema, await createProduct(c.var.deps, c.req.valid('json'), c.var.actor), 201),
  );

  app.get('/products/:id', ownerOnly, validate('param', adminProductParamSchema), async (c) =>
    answer(c, adminProductSchema, await adminProduct(c.var.deps.db, c.var.deps.clock.now(), c.req.valid('param').id)),
  );

  app.put('/products/:id', ownerOnly, validate('param', adminProductParamSchema), validate('json', productEditRequestSchema), async (c) =>
    answer(c, adminProductSchema, await editProduct(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor)),
  );

  app.put(
    '/products/:id/variants/:variantId',
    ownerOnly,
    validate('param', variantParamSchema),
    validate('json', variantEditRequestSchema),
    async (c) => {
      const { id, variantId } = c.req.valid('param');
      return answer(c, adminProductSchema, await editVariant(c.var.deps, id, variantId, c.req.valid('json'), c.var.actor));
    },
  );

  app.post(
    '/products/:id/variants',
    ownerOnly,
    validate('param', adminProductParamSchema),
    validate('json', variantCreateRequestSchema),
    async (c) =>
      answer(c, adminProductSchema, await addVariant(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor), 201),
  );

  app.put(
    '/products/:id/size-chart',
    ownerOnly,
    validate('param', adminProductParamSchema),
    validate('json', sizeChartRequestSchema),
    async (c) => answer(c, adminProductSchema, await saveSizeChart(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor)),
  );

  app.put(
    '/products/:id/italian',
    ownerOnly,
    validate('param', adminProductParamSchema),
    validate('json', italianTextsRequestSchema),
    async (c) =>
      answer(c, adminProductSchema, await saveItalianTexts(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor)),
  );

  app.post(
    '/products/:id/archive',
    ownerOnly,
    validate('param', adminProductParamSchema),
    validate('json', productArchiveSchema),
    async (c) =>
      answer(c, adminProductSchema, await archiveProduct(c.var.deps, c.req.valid('param').id, c.req.valid('json').archived, c.var.actor)),
  );

  app.post('/products/:id/images', ownerOnly, validate('param', adminProductParamSchema), async (c) =>
    answer(c, adminProductSchema, await addProductImage(c.var.deps, c.req.valid('param').id, await imageUpload(c), c.var.actor), 201),
  );

  app.put(
    '/products/:id/images/:imageId',
    ownerOnly,
    validate('param', productImageParamSchema),
    validate('json', imageUpdateSchema),
    async (c) => {
      const { id, imageId } = c.req.valid('param');
      return answer(c, adminProductSchema, await updateProductImage(c.var.deps, id, imageId, c.req.valid('json'), c.var.actor));
    },
  );

  app.post(
    '/products/:id/images/:imageId/move',
    ownerOnly,
    validate('param', productImageParamSchema),
    validate('json', imageMoveSchema),
    async (c) => {
      const { id, imageId } = c.req.valid('param');
      return answer(c, adminProductSchema, await moveProductImage(c.var.deps, id, imageId, c.req.valid('json'), c.var.actor));
    },
  );

  app.delete('/products/:id/images/:imageId', ownerOnly, validate('param', productImageParamSchema), async (c) => {
    const { id, imageId } = c.req.valid('param');
    return answer(c, adminProductSchema, await removeProductImage(c.var.deps, id, imageId, c.var.actor));
  });

  return app;
}
