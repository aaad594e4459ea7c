const BASE = 'http://storefront.invalid';

/**
 * A path on this site (with its query and hash) to send the shopper to, or `fallback`.
 *
 * The value is parsed the way a browser parses a Location header (tabs and newlines dropped,
 * backslashes read as slashes, dot segments resolved, control characters encoded), so nothing that
 * looks like a path here can land on another site: `//evil`, `/\evil`, `/\t/evil` and `/.//evil`
 * all fall back. The answer is the normalised path, safe to parse and redirect to again.
 */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string') return fallback;
  const trimmed = value.trim();
  if (!trimmed.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(trimmed, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return path;
}
