import type { z } from 'zod';

import {
  type CatalogueBrowse,
  catalogueBrowseSchema,
  type CatalogueQuery,
  type ProductListItem,
  productListSchema,
} from '@contract/api/catalogue';
import { type ErrorCode, isErrorCode } from '@contract/errors';
import { REQUEST_ID_HEADER } from '@contract/request-id';

import { catalogueCache } from './cache.server';
import { MESSAGES } from './messages';
import { apiPathLabel, recordApiCall } from './metrics.server';
import { isEdgeRuntime } from './runtime.server';
import { upstreamRequest } from './upstream.server';

/**
 * A failed call to the shop API, with the text to show (the API's detail, or a fallback) and the
 * answer's machine-readable `code`, which is what callers branch on.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's `detail` as sent (a 422 list keeps which field each message is about). */
    readonly detail?: unknown,
    /** The answer's `code`; absent when the API could not be reached or did not answer in JSON. */
    readonly code?: ErrorCode,
    /** Seconds to wait before asking again, when the answer said (Retry-After of a 429). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** A Retry-After header given in seconds, as the API sends it. */
function retryAfterSeconds(value: string | null): number | undefined {
  const seconds = value === null ? Number.NaN : Number(value);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined;
}

/** The API's `detail`: a string, or a list of {loc, msg} joined for display (docs/product.md#api). */
export function detailText(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('detail' in body)) return null;
  const detail = (body as { detail: unknown }).detail;
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail)) {
    const parts = detail.map((item) => (item && typeof item === 'object' && 'msg' in item ? String(item.msg) : String(item)));
    return parts.length ? parts.join('; ') : null;
  }
  return null;
}

/**
 * The status of a page whose data the API failed to give: 503 when the API could not be reached
 * (or said it is unavailable), 504 when it did not answer in time, 502 for any other answer it
 * could not use. Never a bare 500, which stays for the storefront's own faults.
 */
export function upstreamStatus(error: unknown): 500 | 502 | 503 | 504 {
  if (!(error instanceof ApiRequestError)) return 500;
  return error.status === 503 || error.status === 504 ? error.status : 502;
}

/**
 * How the storefront reaches the API: on Node, undici's pooled `request` (upstream.server.ts), never
 * the global fetch, since the web-fetch polyfill that remix-serve installs rejects unhandled, and so
 * stops the process, when a request with a body is aborted, which is what the timeout does to every
 * slow call; on the edge, the host's fetch.
 */
export const upstreamFetch: typeof fetch = isEdgeRuntime() ? globalThis.fetch.bind(globalThis) : (upstreamRequest as typeof fetch);

/** Pauses before each replay: a new connection, and the balancer a moment to move off an instance that died. */
const REPLAY_PAUSES_MS = [0, 150];

/**
 * `fetch`, sent again (at most twice) when the connection fails before any answer, or the balancer
 * answers 502 or 503, and the request is safe to repeat (a read, or a write carrying its
 * Idempotency-Key): a kept-alive connection the server has just closed (a restart) fails at once, and
 * the next try goes out on a new one, to another instance. Twice, since while an instance dies the
 * balancer can send the first replay to it as well (ADR 044). Aborts are never retried; the last
 * try's answer or failure is the call's.
 */
export async function fetchWithReplay(doFetch: typeof fetch, url: URL | string, init: RequestInit, replayable: boolean): Promise<Response> {
  for (let replay = 0; ; replay += 1) {
    const last = !replayable || replay >= REPLAY_PAUSES_MS.length;
    if (replay > 0 && REPLAY_PAUSES_MS[replay - 1] > 0) await new Promise((resolve) => setTimeout(resolve, REPLAY_PAUSES_MS[replay - 1]));
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (error) {
      if (last || init.signal?.aborted) throw error;
      continue;
    }
    // The balancer's answer for an instance that died mid-request: another instance takes the replay.
    if (last || init.signal?.aborted || (response.status !== 502 && response.status !== 503)) return response;
    await response.body?.cancel();
  }
}

/**
 * The status of an action's answer when a call it made for the shopper failed: what the API refused
 * about the shopper's input is theirs to fix (400; a rate limit stays 429); an API that failed, was
 * too slow or could not be reached gets its gateway status (upstreamStatus).
 */
export function failureStatus(error: unknown): 400 | 403 | 429 | 500 | 502 | 503 | 504 {
  // A refusal of who is asking (a member of staff posting what only an owner may) says so; the rest of
  // the API's refusals are the form's to show again.
  if (error instanceof ApiRequestError && (error.status === 403 || error.status === 429)) return error.status;
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return 400;
  return upstreamStatus(error);
}

export interface ApiClientOptions {
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The shopper's address (X-Forwarded-For), for the API's per-IP limits. */
  forwardedFor?: string;
  /** The storefront request's id, sent as X-Request-Id so both programs' log lines can be matched. */
  requestId?: string;
  /**
   * The page's language, sent as Accept-Language: the API mails and records in it (sign-in codes,
   * orders, back-in-stock requests; contract/locale.ts). A call may name another in its own headers.
   */
  locale?: string;
  /**
   * The signed-in shopper's bearer token, and how to get a new one when it has expired. `signedOut`
   * says the sign-in has ended (a refused refresh): the call then goes on without a token.
   */
  auth?: { token(): string | undefined; refresh(): Promise<string | null>; signedOut?(): boolean };
  /** Extra headers for every request, read at call time (the relayed cart cookie). */
  headers?: () => Record<string, string>;
  /** Sees every answer before its body is read (to keep cookies the API sets). */
  onResponse?: (response: Response) => void;
}

/** An answer the refresh-and-retry rule applies to (docs/product.md#api): an expired token, or a JWT problem. */
export function isExpiredTokenError(error: ApiRequestError): boolean {
  return error.code === 'token_expired' || error.code === 'token_invalid';
}

/** Whether `error` is the API refusing with `code`. */
export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): error is ApiRequestError {
  return error instanceof ApiRequestError && error.code !== undefined && codes.includes(error.code);
}

type Query = Record<string, string | number | undefined>;
type CallInit = {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A multipart body (an image upload) instead of JSON. */
  form?: FormData;
  /** Safe to send twice (a read made with POST); GET, HEAD, PUT and DELETE always are. */
  idempotent?: boolean;
};

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** A write gets an Idempotency-Key of its own, kept by its retries (the refresh, the replay): the API runs it once (ADR 044). */
const keyed = (method: string, init: CallInit): CallInit =>
  method === 'GET' || method === 'HEAD' || init.idempotent
    ? init
    : { ...init, headers: { 'Idempotency-Key': crypto.randomUUID(), ...init.headers } };

/**
 * The answer's JSON, or undefined when it is not JSON. The request's timeout also covers the body:
 * an answer that stalls halfway is as late as no answer.
 */
async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new ApiRequestError(504, 'Request timed out');
    }
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? upstreamFetch;
  const root = `${options.baseUrl.replace(/\/+$/, '')}/api/`;

  /** Runs one call with the bearer token; on an expired token, refreshes once and runs it again. */
  async function withAuth<T>(run: (token: string | undefined) => Promise<T>): Promise<T> {
    try {
      return await run(options.auth?.token());
    } catch (error) {
      if (!(error instanceof ApiRequestError) || !options.auth || !isExpiredTokenError(error)) throw error;
      const token = await options.auth.refresh();
      if (token) return run(token);
      // The sign-in ended on this request: the call goes on for a visitor (the anonymous cart, say).
      if (options.auth.signedOut?.()) return run(undefined);
      throw new ApiRequestError(401, 'No refresh token available');
    }
  }

  function call<S extends z.ZodTypeAny>(method: string, path: string, schema: S, callInit: CallInit = {}): Promise<z.infer<S>> {
    const init = keyed(method, callInit);
    return withAuth(async (token) => {
      const response = await send(method, path, init, token);
      const body = await readJson(response);
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        console.error(`Unexpected answer from ${method} /api/${path}:`, parsed.error.issues.slice(0, 3));
        throw new ApiRequestError(502, MESSAGES.somethingWentWrong);
      }
      return parsed.data;
    });
  }

  /** One request; a failed answer becomes an ApiRequestError with the API's detail, a good one is returned unread. */
  async function send(method: string, path: string, init: CallInit, token: string | undefined): Promise<Response> {
    const url = new URL(path, root);
    for (const [key, value] of Object.entries(init.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...(options.locale ? { 'Accept-Language': options.locale } : {}),
      ...options.headers?.(),
      ...init.headers,
    };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.forwardedFor) headers['X-Forwarded-For'] = options.forwardedFor;
    if (options.requestId) headers[REQUEST_ID_HEADER] = options.requestId;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;

    const body = init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
    const replayable = init.idempotent ?? (IDEMPOTENT_METHODS.has(method) || Boolean(init.headers?.['Idempotency-Key']));
    let response: Response;
    const started = performance.now();
    const timed = (outcome: string) => recordApiCall(method, apiPathLabel(path), outcome, (performance.now() - started) / 1000);
    try {
      response = await fetchWithReplay(doFetch, url, { method, headers, body, signal }, replayable);
    } catch (error) {
      if (timeout.aborted) {
        timed('timeout');
        throw new ApiRequestError(504, 'Request timed out');
      }
      if (init.signal?.aborted) {
        timed('aborted');
        throw error;
      }
      timed('unreachable');
      // What a browser reports for an unreachable server.
      throw new ApiRequestError(503, 'Failed to fetch');
    }
    timed(String(response.status));
    options.onResponse?.(response);
    if (!response.ok) {
      const body = await readJson(response);
      throw new ApiRequestError(
        response.status,
        detailText(body) ?? (body === undefined ? MESSAGES.httpError(response.status) : MESSAGES.somethingWentWrong),
        body && typeof body === 'object' && 'detail' in body ? body.detail : undefined,
        body && typeof body === 'object' && 'code' in body && isErrorCode(body.code) ? body.code : undefined,
        retryAfterSeconds(response.headers.get('Retry-After')),
      );
    }
    return response;
  }

  return {
    baseUrl: options.baseUrl,
    /** Any call of docs/product.md#api: method, path under /api/, the zod schema of the answer. Area modules wrap it. */
    request: call,
    /** A call whose answer is not JSON (a PDF): the successful response, body unread. */
    raw: (method: string, path: string, callInit: CallInit = {}) => {
      const init = keyed(method, callInit);
      return withAuth((token) => send(method, path, init, token));
    },
    products: {
      list: (): Promise<ProductListItem[]> => call('POST', 'products/list', productListSchema, { body: {}, idempotent: true }),
      /** One page of the listing, filtered and searched (issue #21). */
      browse: (query: CatalogueQuery): Promise<CatalogueBrowse> =>
        call('GET', 'products/browse', catalogueBrowseSchema, { query: browseParams(query) }),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const CATALOGUE_CACHE = { ttlMs: 30_000, staleMs: 5 * 60_000 };

/** A browsing query as the API's query string reads it: absent parameters left out. */
function browseParams(query: CatalogueQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params[name] = String(value);
  return params;
}

/**
 * A page of the listing through the catalogue cache, keyed by its parameters. Searches go to the API
 * each time (their words are endless); the filters' pages are few and the cache keeps at most its bound.
 */
export function cachedBrowse(api: ApiClient, query: CatalogueQuery): Promise<CatalogueBrowse> {
  if (query.q) return api.products.browse(query);
  return catalogueCache.get(
    `${api.baseUrl}|products/browse|${new URLSearchParams(browseParams(query))}`,
    () => api.products.browse(query),
    CATALOGUE_CACHE,
  );
}

/** The product list, through the catalogue cache (stale-while-revalidate). */
export function cachedProductList(api: ApiClient): Promise<ProductListItem[]> {
  return catalogueCache.get(`${api.baseUrl}|products/list`, () => api.products.list(), CATALOGUE_CACHE);
}
