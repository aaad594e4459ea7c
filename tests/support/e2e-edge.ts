/**
 * Marks a test that also runs against the storefront's edge build on workerd (the `edge-javascript`
 * and `edge-no-javascript` projects of playwright.config.ts; docs/decisions/021-edge-target.md).
 */
export const EDGE = { tag: '@edge' };
