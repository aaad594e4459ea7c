/**
 * The storefront's server build (remix.config.js `server`): Remix's own build, plus the two
 * checks the storefront server (server.mjs) runs around it on every request (ADR 013) and the
 * page cache it answers anonymous reads from (ADR 015).
 */
import * as build from '@remix-run/dev/server-build';

export const { mode, assets, assetsBuildDirectory, future, publicPath, entry, routes } = build;
export { refuseCrossSiteRequest } from './lib/csrf.server';
export { withSecurityHeaders } from './lib/security-headers.server';
export { pageCache } from './lib/page-cache.server';
export { PEER_HEADER } from './lib/client-address.server';
