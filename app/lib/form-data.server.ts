import { json } from '@remix-run/node';

import { MESSAGES } from './messages';

/** A refused post: 400 with a short reason (the page's error boundary shows it with a way home). */
export function formNotAccepted(): Response {
  return json({ detail: MESSAGES.formNotAccepted }, { status: 400 });
}

/**
 * The posted form of an action. A body that is no form (another content type, broken multipart
 * or encoding) is refused with 400 instead of failing the action with a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw formNotAccepted();
  }
}
