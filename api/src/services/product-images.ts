import { randomUUID } from 'node:crypto';

import sharp from 'sharp';

import type { AdminProduct, ImageMove, ImageUpdate } from '@contract/api/products-admin';

import { inTransaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { type Actor, recordAudit } from './audit.js';
import { resizedImage } from './images.js';
import { adminProduct } from './products-admin/read.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage' | 'onCatalogueChange'>;

/** What is kept of an upload: at most this wide, as WebP, without its metadata. */
const STORED_MAX_WIDTH = 1920;
/** The widths the storefront's srcset asks for, rendered at upload so the first shopper waits for none. */
const PRERENDERED_WIDTHS = [320, 640, 960];
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const BUCKET = 'product-images' as const;

export interface ImageUpload {
  bytes: Uint8Array;
  filename: string;
  alt: string;
  type: 'product' | 'featured' | 'background';
  focal_x: number;
  focal_y: number;
}

async function productOf(deps: Deps, productId: string) {
  const product = await deps.db.selectFrom('products').select(['id', 'name']).where('id', '=', productId).executeTakeFirst();
  if (!product) throw new DomainError('not_found', 'Product not found');
  return product;
}

/**
 * Stores an uploaded photo for a product: read by sharp (so only a real JPEG, PNG or WebP passes,
 * whatever its name or declared type says), turned upright by its EXIF orientation, scaled down to
 * 1920 px, written as WebP without EXIF or any other metadata (a phone's GPS position never reaches
 * shoppers), and pre-rendered at the srcset widths. Last in its kind's order; audited. Answers the
 * product as the back office shows it, as each change of its images does.
 */
/**
 * Stores an uploaded photo under `folder`: read by sharp (so only a real JPEG, PNG or WebP passes,
 * whatever its name or declared type says), turned upright by its EXIF orientation, scaled down to
 * 1920 px, written as WebP without EXIF or any other metadata (a phone's GPS position never reaches
 * shoppers), and pre-rendered at the srcset widths. The product images and the home page's hero (ADR 073).
 */
export async function storeUploadedImage(
  deps: Pick<AppDeps, 'storage'>,
  bytes: Uint8Array,
  folder: string,
): Promise<{ path: string; width: number; height: number }> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: 60_000_000 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new DomainError('bad_request', 'The file is not a JPEG, PNG or WebP image');
  let stored: { data: Buffer; info: { width: number; height: number } };
  try {
    stored = await sharp(bytes, { limitInputPixels: 60_000_000 })
      .rotate()
      .resize({ width: STORED_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new DomainError('bad_request', 'The image could not be read: it may be damaged');
  }
  const path = `${folder}/${randomUUID()}.webp`;
  await deps.storage.put(BUCKET, path, stored.data);
  for (const width of PRERENDERED_WIDTHS) if (width < stored.info.width) await resizedImage(deps.storage, BUCKET, path, width);
  return { path, width: stored.info.width, height: stored.info.height };
}

/**
 * Stores an uploaded photo for a product (`storeUploadedImage`), last in its kind's order; audited.
 * Answers the product as the back office shows it, as each change of its images does.
 */
export async function addProductImage(deps: Deps, productId: string, upload: ImageUpload, actor: Actor): Promise<AdminProduct> {
  const product = await productOf(deps, productId);
  const { path, ...size } = await storeUploadedImage(deps, upload.bytes, `uploads/${productId}`);
  const stored = { info: size };

  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    // The product's row is locked so two uploads at once take the next places in turn.
    await trx.selectFrom('products').select('id').where('id', '=', productId).forUpdate().executeTakeFirst();
    const last = await trx
      .selectFrom('images')
      .select((eb) => eb.fn.max('order').as('order'))
      .where('product_id', '=', productId)
      .where('type', '=', upload.type)
      .executeTakeFirst();
    const { id } = await trx
      .insertInto('images')
      .values({
        product_id: productId,
        type: upload.type,
        filename: upload.filename.slice(0, 200) || 'upload',
        storage_path: path,
        bucket_name: BUCKET,
        width: stored.info.width,
        height: stored.info.height,
        alt: upload.alt,
        order: (last?.order ?? -1) + 1,
        focal_x: upload.focal_x,
        focal_y: upload.focal_y,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, now, actor, {
      action: 'product.image.add',
      subject_type: 'product',
      subject_id: productId,
      after: {
        image: id,
        type: upload.type,
        alt: upload.alt,
        width: stored.info.width,
        height: stored.info.height,
        focal_x: upload.focal_x,
        focal_y: upload.focal_y,
      },
    });
  });
  await deps.onCatalogueChange?.();
  void product;
  return adminProduct(deps.db, deps.clock.now(), productId);
}

async function imageOf(deps: Deps, productId: string, imageId: string) {
  const image = await deps.db
    .selectFrom('images')
    .select(['id', 'type', 'order', 'alt', 'focal_x', 'focal_y'])
    .where('id', '=', imageId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!image) throw new DomainError('not_found', 'Image not found');
  return image;
}

/** New alt text or focal point for one of a product's images. */
export async function updateProductImage(
  deps: Deps,
  productId: string,
  imageId: string,
  change: ImageUpdate,
  actor: Actor,
): Promise<AdminProduct> {
  const before = await imageOf(deps, productId, imageId);
  await inTransaction(deps.db, async (trx) => {
    await trx.updateTable('images').set(change).where('id', '=', imageId).execute();
    await recordAudit(trx, deps.clock.now(), actor, {
      action: 'product.image.edit',
      subject_type: 'product',
      subject_id: productId,
      before: { image: imageId, alt: before.alt, focal_x: before.focal_x, focal_y: before.focal_y },
      after: { image: imageId, ...change },
    });
  });
  await deps.onCatalogueChange?.();
  return adminProduct(deps.db, deps.clock.now(), productId);
}

/** Moves an image one place earlier or later among the product's images of its kind (swapping with its neighbour). */
export async function moveProductImage(
  deps: Deps,
  productId: string,
  imageId: string,
  move: ImageMove,
  actor: Actor,
): Promise<AdminProduct> {
  await inTransaction(deps.db, async (trx) => {
    await trx.selectFrom('products').select('id').where('id', '=', productId).forUpdate().executeTakeFirst();
    const image = await trx
      .selectFrom('images')
      .select(['id', 'type', 'order'])
      .where('id', '=', imageId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (!image) throw new DomainError('not_found', 'Image not found');
    const siblings = await trx
      .selectFrom('images')
      .select(['id', 'order'])
      .where('product_id', '=', productId)
      .where('type', '=', image.type)
      .orderBy('order')
      .orderBy('id')
      .execute();
    const at = siblings.findIndex((s) => s.id === imageId);
    const to = move.direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= siblings.length) return;
    [siblings[at], siblings[to]] = [siblings[to], siblings[at]];
    // Numbered afresh 0, 1, 2...: ties and gaps from older data go away too.
    for (const [order, sibling] of siblings.entries())
      await trx.updateTable('images').set({ order }).where('id', '=', sibling.id).execute();
    await recordAudit(trx, deps.clock.now(), actor, {
      action: 'product.image.move',
      subject_type: 'product',
      subject_id: productId,
      after: { image: imageId, position: to + 1 },
    });
  });
  await deps.onCatalogueChange?.();
  return adminProduct(deps.db, deps.clock.now(), productId);
}

/** Removes an image from a product (its file stays in storage, so a backup or an old page never breaks). */
export async function removeProductImage(deps: Deps, productId: string, imageId: string, actor: Actor): Promise<AdminProduct> {
  const before = await imageOf(deps, productId, imageId);
  await inTransaction(deps.db, async (trx) => {
    await trx.deleteFrom('images').where('id', '=', imageId).execute();
    await recordAudit(trx, deps.clock.now(), actor, {
      action: 'product.image.remove',
      subject_type: 'product',
      subject_id: productId,
      before: { image: imageId, type: before.type, alt: before.alt },
    });
  });
  await deps.onCatalogueChange?.();
  return adminProduct(deps.db, deps.clock.now(), productId);
}
