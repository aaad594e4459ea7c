import { Hono } from 'hono';

import { storageQuerySchema } from '@contract/api/storage';
import { NO_IMAGE_SVG } from '@contract/no-image';

import type { AppEnv } from '../deps.js';
import { ApiError, validate } from '../http-errors.js';
import { resizedImage } from '../services/images.js';
import { type Bucket, isBucket, isSafeObjectPath } from '../services/storage.js';

const PREFIX = '/storage/v1/object/public/';

/** Seeded images and card frames never change at a given path; documents may be edited. */
function cacheControlFor(bucket: Bucket): string {
  return bucket === 'documents' ? 'public, max-age=300' : 'public, max-age=31536000, immutable';
}

/** The object path as stored; null when its percent-encoding is broken (no object has such a name). */
function decodedPath(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * A product picture that is not there, asked for by a browser drawing an image: the placeholder
 * picture, still answered 404, so a page without JavaScript shows 'No Image' rather than a broken icon.
 */
function missingPicture(bucket: Bucket, accept: string | undefined): Response | null {
  if (bucket !== 'product-images' || !/\bimage\//.test(accept ?? '')) return null;
  return new Response(NO_IMAGE_SVG, {
    status: 404,
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    },
  });
}

function notFound(bucket: Bucket, accept: string | undefined): Response {
  const placeholder = missingPicture(bucket, accept);
  if (placeholder) return placeholder;
  throw new ApiError(404, 'Object not found');
}

export function storageRoutes() {
  const app = new Hono<AppEnv>();

  app.get(`${PREFIX}:bucket/*`, validate('query', storageQuerySchema), async (c) => {
    const bucket = c.req.param('bucket');
    if (!isBucket(bucket)) throw new ApiError(404, 'Bucket not found');
    const path = decodedPath(c.req.path.slice(PREFIX.length + bucket.length + 1));
    if (path === null || !isSafeObjectPath(path)) throw new ApiError(404, 'Object not found');
    const { storage } = c.var.deps;
    const { width } = c.req.valid('query');
    const headers = {
      'Cache-Control': cacheControlFor(bucket),
      'X-Content-Type-Options': 'nosniff',
      // Public objects: pages on other origins embed them, and the storefront's pages draw them into
      // a canvas (card export).
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Access-Control-Allow-Origin': '*',
    };

    // Seed art the first start's background drawing has not reached yet is drawn now (ADR 074).
    const drawn = (atWidth?: number) => c.var.deps.artOnDemand?.draw(bucket, path, atWidth) ?? Promise.resolve(false);
    if (width !== undefined) {
      const body =
        (await resizedImage(storage, bucket, path, width)) ??
        ((await drawn(width)) ? await resizedImage(storage, bucket, path, width) : null);
      if (!body) return notFound(bucket, c.req.header('accept'));
      return c.body(new Uint8Array(body), 200, { ...headers, 'Content-Type': 'image/webp' });
    }
    const object = (await storage.get(bucket, path)) ?? ((await drawn()) ? await storage.get(bucket, path) : null);
    if (!object) return notFound(bucket, c.req.header('accept'));
    return c.body(new Uint8Array(object.body), 200, { ...headers, 'Content-Type': object.contentType });
  });

  return app;
}
