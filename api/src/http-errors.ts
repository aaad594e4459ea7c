import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z, type ZodError, type ZodSchema } from 'zod';

import { defaultErrorCode, type ErrorAnswer, type ErrorCode, type ValidationIssue } from '@contract/errors';

import { isConflictError } from './db/transaction.js';
import { DomainError, statusOf } from './domain-error.js';

export type { ValidationIssue };

/**
 * An error with a status, a `detail` for people and a `code` for programs (the status's generic
 * code unless a client needs to tell this case apart); anything else thrown is a 500.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string | ValidationIssue[],
    code?: ErrorCode,
    /** Seconds to wait before asking again: answered as Retry-After, so clients can say it in their own words. */
    readonly retryAfterSeconds?: number,
  ) {
    super(typeof detail === 'string' ? detail : 'Validation error');
    this.code = code ?? defaultErrorCode(status);
  }
}

/** The JSON body of every error answer. */
export function errorBody(detail: ErrorAnswer['detail'], code: ErrorCode): ErrorAnswer {
  return { detail, code };
}

export function zodIssues(error: ZodError, target: string): ValidationIssue[] {
  return error.issues.map((issue) => {
    const missing = issue.code === 'invalid_type' && issue.received === 'undefined';
    return {
      loc: [target, ...issue.path],
      msg: missing ? 'Field required' : issue.message,
      type: missing ? 'missing' : issue.code,
    };
  });
}

const TARGET_NAMES: Record<keyof ValidationTargets, string> = {
  json: 'body',
  form: 'body',
  query: 'query',
  param: 'path',
  header: 'header',
  cookie: 'cookie',
};

/** PostgreSQL text cannot hold NUL characters: input carrying one is refused before it reaches a query. */
export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** No request of the shop nests this deep; deeper input is refused before anything walks it. */
export const MAX_DEPTH = 32;
export const DEPTH_MESSAGE = `Input must not nest deeper than ${MAX_DEPTH} levels`;

type Path = (string | number)[];

/**
 * What is wrong with `value` before any schema reads it: strings (or keys) holding a NUL character,
 * and nesting deeper than {@link MAX_DEPTH}. Iterative, so hostile nesting cannot overflow the stack.
 */
function inputProblems(value: unknown): { path: Path; message: string }[] {
  const found: { path: Path; message: string }[] = [];
  const pending: { value: unknown; path: Path }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: item, path } = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) found.push({ path, message: NUL_MESSAGE });
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    if (path.length >= MAX_DEPTH) {
      found.push({ path, message: DEPTH_MESSAGE });
      continue;
    }
    const entries: [string | number, unknown][] = Array.isArray(item) ? item.map((child, index) => [index, child]) : Object.entries(item);
    for (const [key, child] of entries) {
      if (typeof key === 'string' && key.includes('\u0000')) found.push({ path: [...path, key], message: NUL_MESSAGE });
      pending.push({ value: child, path: [...path, key] });
    }
  }
  return found;
}

const withoutNul = z.unknown().superRefine((value, ctx) => {
  for (const { path, message } of inputProblems(value)) ctx.addIssue({ code: 'custom', path, message });
});

/** A value read by hand (a body that may be empty, say) checked as {@link validate} checks: 422 with where each problem is. */
export function parseInput<T extends ZodSchema>(schema: T, value: unknown, target: string): z.output<T> {
  const parsed = withoutNul.pipe(schema).safeParse(value);
  if (!parsed.success) throw new ApiError(422, zodIssues(parsed.error, target));
  return parsed.data;
}

/** zValidator answering 422 `{detail: [{loc, msg, type}]}` instead of its own shape. */
export function validate<T extends ZodSchema, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, withoutNul.pipe(schema), (result) => {
    if (!result.success) throw new ApiError(422, zodIssues(result.error as ZodError, TARGET_NAMES[target]));
  });
}

export function errorResponse(c: Context, error: unknown, log: (message: string, error: unknown) => void): Response {
  if (error instanceof ApiError) {
    if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
    return c.json(errorBody(error.detail, error.code), error.status);
  }
  if (error instanceof DomainError) return c.json(errorBody(error.detail, error.code), statusOf(error));
  if (error instanceof HTTPException) {
    // Hono raises this for a body that is not valid JSON, among others.
    const status = error.status;
    const detail =
      status === 400 && /json/i.test(error.message)
        ? [{ loc: ['body'], msg: 'Request body is not valid JSON', type: 'json_invalid' }]
        : error.message || 'Bad request';
    const answered = status === 400 && Array.isArray(detail) ? 422 : status;
    return c.json(errorBody(detail, defaultErrorCode(answered)), answered);
  }
  if (isConflictError(error)) {
    // Retried already (db/transaction.ts) and still meeting others: nothing was done, so it may be sent again.
    c.header('Retry-After', '1');
    return c.json(errorBody('The shop is busy right now. Please try again in a moment.', 'busy'), 503);
  }
  log(`unexpected error on ${c.req.method} ${c.req.path}`, error);
  return c.json(errorBody('Internal server error', 'internal_error'), 500);
}
