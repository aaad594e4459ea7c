import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

import { ApiError, NUL_MESSAGE } from './http-errors.js';

/** The largest request body the API reads; every payload of docs/product.md#api is a few kilobytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The largest product photo an owner uploads (services/product-images.ts). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The routes whose body is a file: a product image upload, and the home page's hero image (ADR 073). */
const UPLOAD_PATH = /^\/api\/admin\/(products\/[^/]+\/images|home\/images)\/?$/;

export const refuseOversizedBodies = (): MiddlewareHandler => {
  const small = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, 'Request body is too large');
    },
  });
  const upload = bodyLimit({
    maxSize: MAX_UPLOAD_BYTES,
    onError: () => {
      throw new ApiError(413, 'The image is too large: upload at most 10 MB');
    },
  });
  return (c, next) => {
    // No route reads the body of a GET or HEAD, and Node drops what nobody reads. Looking for one
    // would build the whole web Request of the answer to every page's call (issue #36).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return c.req.method === 'POST' && UPLOAD_PATH.test(c.req.path) ? upload(c, next) : small(c, next);
  };
};

/** A NUL character (`%00`) in the path or the query would reach PostgreSQL, which cannot store it: 422 first. */
export const refuseNulInUrl: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  const where = /%00/.test(url.pathname) ? 'path' : /%00/.test(url.search) ? 'query' : null;
  if (where) throw new ApiError(422, [{ loc: [where], msg: NUL_MESSAGE, type: 'value_error' }]);
  await next();
};
