/** Whether this code runs on Cloudflare Workers (workerd), as its documented user agent says (ADR 021). */
export function isEdgeRuntime(): boolean {
  return typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers';
}
