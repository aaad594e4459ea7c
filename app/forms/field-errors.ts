import { parseWithZod } from '@conform-to/zod';
import type { z } from 'zod';

/** Errors by field, in the shape `submission.reply()` sends back from the server ('' for the form's own). */
export type FieldErrors = Record<string, string[] | null | undefined>;

/**
 * The browser's check of a form with its action's schema (fetched on demand, ADR 012): the errors by
 * field, or null when the form may be sent.
 */
export function fieldErrors(formData: FormData, schema: z.ZodTypeAny): FieldErrors | null {
  const submission = parseWithZod(formData, { schema });
  return submission.status === 'success' ? null : (submission.reply().error ?? {});
}
