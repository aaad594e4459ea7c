/**
 * Marks a test that also runs against the storefront's edge build on workerd, in both JavaScript modes
 * (the `edge-javascript` and `edge-no-javascript` projects of playwright.config.ts;
 * docs/decisions/021-edge-target.md). With JavaScript on, the edge answers only what the browser's own
 * code asks of the server (route data, fetcher actions, their redirects): a smoke set of journeys that
 * make those requests carries this mark (ADR 070).
 */
export const EDGE = { tag: ['@edge', '@edge-js'] };

/**
 * Marks a test that also runs against the edge build without JavaScript only: the edge's documents,
 * form posts, redirects and cookies, which the same journeys with JavaScript on would ask of the edge
 * again through the same loaders and actions (ADR 070).
 */
export const EDGE_HTML = { tag: '@edge' };

/**
 * Marks a test whose outcome the browser's JavaScript cannot change (plain HTTP requests, the owner's
 * CLI): it runs in the JavaScript projects only, and the no-JavaScript ones leave it out altogether.
 */
export const PLAIN_HTTP = { tag: '@plain-http' };

/** Both marks: a plain-HTTP test that also runs once against the edge build. */
export const EDGE_PLAIN_HTTP = { tag: ['@edge', '@edge-js', '@plain-http'] };
