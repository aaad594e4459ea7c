import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError, NUL_MESSAGE } from './http-errors.js';

/** The largest request body the API reads; every payload of docs/product.md#api is a few kilobytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

export const refuseOversizedBodies = () =>
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, 'Request body is too large');
    },
  });

/** A NUL character (`%00`) in the path or the query would reach PostgreSQL, which cannot store it: 422 first. */
export const refuseNulInUrl: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  const where = /%00/.test(url.pathname) ? 'path' : /%00/.test(url.search) ? 'query' : null;
  if (where) throw new ApiError(422, [{ loc: [where], msg: NUL_MESSAGE, type: 'value_error' }]);
  await next();
};
