import type { z } from 'zod';
import { productListSchema, type ProductListItem } from './api-schemas';
import { catalogueCache } from './cache.server';
import { getEnv } from './env.server';
import { MESSAGES } from './messages';

/** A failed call to the shop API, with the text to show (the API's detail, or a fallback). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** The API's `detail`: a string, or a list of {loc, msg} joined for display (spec §7). */
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
 * The status of an action's answer when a call it made for the shopper failed: what the API refused
 * about the shopper's input is theirs to fix (400; a rate limit stays 429); only an API that failed
 * or could not be reached makes it a 502.
 */
export function failureStatus(error: unknown): 400 | 429 | 502 {
  if (!(error instanceof ApiRequestError) || error.status >= 500) return 502;
  if (error.status === 429) return 429;
  return error.status >= 400 ? 400 : 502;
}

export interface ApiClientOptions {
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The shopper's address (X-Forwarded-For), for the API's per-IP limits. */
  forwardedFor?: string;
  /** The signed-in shopper's bearer token, and how to get a new one when it has expired. */
  auth?: { token(): string | undefined; refresh(): Promise<string | null> };
  /** Extra headers for every request, read at call time (the relayed cart cookie). */
  headers?: () => Record<string, string>;
  /** Sees every answer before its body is read (to keep cookies the API sets). */
  onResponse?: (response: Response) => void;
}

/** A 401/403 the refresh-and-retry rule applies to (spec §7): an expired token, or a JWT problem. */
export function isExpiredTokenError(status: number, message: string): boolean {
  return (status === 401 || status === 403) && /expired|jwt/i.test(message) && !/Guest session has expired/i.test(message);
}

type Query = Record<string, string | number | undefined>;
type CallInit = { query?: Query; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const root = `${options.baseUrl.replace(/\/+$/, '')}/api/`;

  async function call<S extends z.ZodTypeAny>(
    method: string,
    path: string,
    schema: S,
    init: CallInit = {},
  ): Promise<z.infer<S>> {
    try {
      return await once(method, path, schema, init, options.auth?.token());
    } catch (error) {
      if (!(error instanceof ApiRequestError) || !options.auth || !isExpiredTokenError(error.status, error.message)) throw error;
      const token = await options.auth.refresh();
      if (!token) throw new ApiRequestError(401, 'No refresh token available');
      return once(method, path, schema, init, token);
    }
  }

  async function once<S extends z.ZodTypeAny>(
    method: string,
    path: string,
    schema: S,
    init: CallInit,
    token: string | undefined,
  ): Promise<z.infer<S>> {
    const url = new URL(path, root);
    for (const [key, value] of Object.entries(init.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { ...options.headers?.(), ...init.headers, Accept: 'application/json' };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.forwardedFor) headers['X-Forwarded-For'] = options.forwardedFor;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;

    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal,
      });
    } catch (error) {
      if (timeout.aborted) throw new ApiRequestError(504, 'Request timed out');
      if (init.signal?.aborted) throw error;
      // What a browser reports for an unreachable server.
      throw new ApiRequestError(503, 'Failed to fetch');
    }
    options.onResponse?.(response);
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      throw new ApiRequestError(
        response.status,
        detailText(body) ?? (body === undefined ? MESSAGES.httpError(response.status) : MESSAGES.somethingWentWrong),
      );
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      console.error(`Unexpected answer from ${method} ${url.pathname}:`, parsed.error.issues.slice(0, 3));
      throw new ApiRequestError(502, MESSAGES.somethingWentWrong);
    }
    return parsed.data;
  }

  return {
    baseUrl: options.baseUrl,
    /** Any call of spec §7: method, path under /api/, the zod schema of the answer. Area modules wrap it. */
    request: call,
    products: {
      list: (): Promise<ProductListItem[]> => call('POST', 'products/list', productListSchema, { body: {} }),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The client for one storefront request, configured from the environment. */
export function apiClient(): ApiClient {
  const env = getEnv();
  return createApiClient({ baseUrl: env.API_URL, timeoutMs: env.API_TIMEOUT_MS });
}

const CATALOGUE_CACHE = { ttlMs: 30_000, staleMs: 5 * 60_000 };

/** The product list, through the catalogue cache (stale-while-revalidate). */
export function cachedProductList(api: ApiClient): Promise<ProductListItem[]> {
  return catalogueCache.get(`${api.baseUrl}|products/list`, () => api.products.list(), CATALOGUE_CACHE);
}
