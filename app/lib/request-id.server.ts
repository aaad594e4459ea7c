import { REQUEST_ID_HEADER, requestIdFrom } from '@contract/request-id';

const ids = new WeakMap<Request, string>();

/**
 * This request's id, sent to the API on every call it makes: the one the host's entry set (server.mjs,
 * the edge worker), or one made here when a loader is called without it, or with an unsafe one.
 */
export function requestIdOf(request: Request): string {
  let id = ids.get(request);
  if (!id) {
    id = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
    ids.set(request, id);
  }
  return id;
}
