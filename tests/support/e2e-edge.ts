/**
 * Marks a test that also runs against the storefront's edge build on workerd (the `edge-javascript`
 * and `edge-no-javascript` projects of playwright.config.ts; docs/decisions/021-edge-target.md).
 */
export const EDGE = { tag: '@edge' };

/**
 * Marks a test whose outcome the browser's JavaScript cannot change (plain HTTP requests, the owner's
 * CLI): it runs in the JavaScript projects only, and the no-JavaScript ones leave it out altogether.
 */
export const PLAIN_HTTP = { tag: '@plain-http' };

/** Both marks: a plain-HTTP test that also runs once against the edge build. */
export const EDGE_PLAIN_HTTP = { tag: ['@edge', '@plain-http'] };
