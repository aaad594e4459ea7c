import { json, type HeadersFunction } from '@remix-run/node';
import { getEnv } from './env.server';
import { MESSAGES } from './messages';
import { policyDocument, type PolicySlug } from './policies';

/** Public URL of an object in the `documents` bucket. */
export function documentUrl(storageUrl: string, path: string): string {
  return `${storageUrl}/storage/v1/object/public/documents/${path}`;
}

/** The markdown of a stored document; throws an Error whose message is what the page shows after 'Error loading document:'. */
export async function fetchDocument(path: string): Promise<string> {
  const env = getEnv();
  let response: Response;
  try {
    response = await fetch(documentUrl(env.STORAGE_URL, path), { signal: AbortSignal.timeout(env.API_TIMEOUT_MS) });
  } catch (error) {
    throw new Error(error instanceof DOMException && error.name === 'TimeoutError' ? 'Request timed out' : 'Failed to fetch');
  }
  if (!response.ok) throw new Error(MESSAGES.httpError(response.status));
  return response.text();
}

/** Loader of a policy page: its markdown, or the error to show in its place. */
export async function loadPolicy(slug: PolicySlug) {
  const doc = policyDocument(slug);
  try {
    const markdown = await fetchDocument(doc.path);
    return json({ title: doc.title, markdown, error: null }, { headers: { 'Cache-Control': 'public, max-age=300' } });
  } catch (error) {
    const message = error instanceof Error ? error.message : MESSAGES.somethingWentWrong;
    return json({ title: doc.title, markdown: null, error: message }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}

export const policyHeaders: HeadersFunction = ({ loaderHeaders }) => ({
  'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'no-store',
});
