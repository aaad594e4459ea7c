import { createHash } from 'node:crypto';

import type { Context } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * Every API answer: JSON and stored files load nothing, and no page frames them. The few HTML
 * pages (test payment page, dev mailbox) set their own policy, which is kept. Stored objects are
 * embedded by the storefront from another origin, so the storage route marks them cross-origin.
 * HSTS is left to whatever terminates TLS in front of the API.
 */
export const apiSecurityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    crossOriginResourcePolicy: 'same-origin',
    referrerPolicy: 'no-referrer',
    strictTransportSecurity: false,
    xFrameOptions: 'DENY',
    overwrite: false,
  });

/** The CSP source for one inline style block, so pages need no 'unsafe-inline' for it. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The policy of a server-rendered HTML page of the API: no script at all, its styles, and where its forms may lead. */
export function setPagePolicy(
  c: Context,
  options: { styles: string[]; styleAttributes?: boolean; images?: string[]; formTargets?: string[] },
): void {
  const formAction = options.formTargets?.length
    ? ["'self'", ...new Set(options.formTargets.map(originOf).filter((o): o is string => Boolean(o)))]
    : ["'none'"];
  const directives = [
    "default-src 'none'",
    `style-src ${options.styles.join(' ')}`,
    ...(options.styleAttributes ? ["style-src-attr 'unsafe-inline'"] : []),
    `img-src ${options.images?.join(' ') ?? "'self'"}`,
    `form-action ${formAction.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ];
  c.header('Content-Security-Policy', directives.join('; '));
}
