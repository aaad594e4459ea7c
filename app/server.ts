/**
 * The storefront's server build (remix.config.js `server`): Remix's own build, plus the two
 * checks the storefront server (server.mjs) runs around it on every request (ADR 013), the
 * page cache it answers anonymous reads from (ADR 015), and what it needs for request ids, logs
 * and metrics (ADR 030).
 */
import * as build from '@remix-run/dev/server-build';

import { routeLabeler } from './lib/route-label.server';

export const { mode, assets, assetsBuildDirectory, future, publicPath, entry, routes } = build;
export { PEER_HEADER } from './lib/client-address.server';
export { getLoadContext } from './lib/context.server';
export { refuseCrossSiteRequest } from './lib/csrf.server';
export { getEnv } from './lib/env.server';
export { flushProductViews, noteProductView } from './lib/funnel-views.server';
export { setMetricsRecorder } from './lib/metrics.server';
export { pageCache } from './lib/page-cache.server';
export { withSecurityHeaders } from './lib/security-headers.server';
export { REQUEST_ID_HEADER, requestIdFrom } from '@contract/request-id';
/** The Remix route id a path reaches, or null: the label of a page in the request metrics. */
export const routeIdOf = routeLabeler(routes);
