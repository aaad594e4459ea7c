import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z, type ZodError, type ZodSchema } from 'zod';
import { DomainError, statusOf } from './domain-error.js';
import { defaultErrorCode, type ErrorAnswer, type ErrorCode, type ValidationIssue } from '@contract/errors';

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

/** Where `value` holds a string (or a key) with a NUL character. */
function nulPaths(value: unknown, path: (string | number)[] = [], found: (string | number)[][] = []): (string | number)[][] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nulPaths(item, [...path, index], found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push([...path, key]);
      nulPaths(item, [...path, key], found);
    }
  }
  return found;
}

const withoutNul = z.unknown().superRefine((value, ctx) => {
  for (const path of nulPaths(value)) ctx.addIssue({ code: 'custom', path, message: NUL_MESSAGE });
});

/** zValidator answering 422 `{detail: [{loc, msg, type}]}` instead of its own shape. */
export function validate<T extends ZodSchema, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, withoutNul.pipe(schema), (result) => {
    if (!result.success) throw new ApiError(422, zodIssues(result.error as ZodError, TARGET_NAMES[target]));
  });
}

export function errorResponse(c: Context, error: unknown, log: (message: string, error: unknown) => void): Response {
  if (error instanceof ApiError) return c.json(errorBody(error.detail, error.code), error.status);
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
  log(`unexpected error on ${c.req.method} ${c.req.path}`, error);
  return c.json(errorBody('Internal server error', 'internal_error'), 500);
}
