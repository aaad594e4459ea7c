import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

// Outside production every answer is checked against its contract schema, so a route whose answer
// drifts from what the storefront parses fails in the API's own tests, not on a shopper's page.
const checkAnswers = process.env.NODE_ENV !== 'production';

/** A JSON answer typed, and outside production checked, by its schema in `contract/`. */
export function answer<S extends z.ZodTypeAny>(c: Context, schema: S, data: z.input<S>, status: ContentfulStatusCode = 200): Response {
  checkAnswer(c, schema, data);
  return c.json(data as object, status);
}

/** Outside production, throws when `data` is not what `schema` says the route answers. */
export function checkAnswer<S extends z.ZodTypeAny>(c: Context, schema: S, data: z.input<S>): void {
  if (!checkAnswers) return;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`${c.req.method} ${c.req.path} answered outside its contract: ${issues.join('; ')}`);
  }
}
