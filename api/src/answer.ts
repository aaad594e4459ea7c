import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

// Outside production every answer is checked against its contract schema, so a route whose answer
// drifts from what the storefront parses fails in the API's own tests, not on a shopper's page.
const checkAnswers = process.env.NODE_ENV !== 'production';

/** A JSON answer typed, and outside production checked, by its schema in `contract/`. */
export function answer<S extends z.ZodTypeAny>(c: Context, schema: S, data: z.input<S>, status: ContentfulStatusCode = 200): Response {
  if (checkAnswers) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      throw new Error(`${c.req.method} ${c.req.path} answered outside its contract: ${issues.join('; ')}`);
    }
  }
  return c.json(data as object, status);
}
