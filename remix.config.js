import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js';

const IGNORED_ROUTE_FILES = ['**/.*', '**/*.test.*', '**/*.spec.*'];

/**
 * The shop in two languages (ADR 046): English at the root, Italian under /it. Every shopper page
 * (a route file with a default export, outside /admin) gets an optional first segment `:lang?`; its
 * id, file and nesting stay as the flat routes made them, so `useRouteLoaderData`, `handle` and the
 * tests see the same routes. Resource routes (health, robots, sitemap, cards, hooks, CSV, receipts'
 * parents excepted) and the back office stay unprefixed. The root loader refuses any `lang` but `it`.
 */
export function localizedRoutes(appDirectory = 'app') {
  const routes = flatRoutes(appDirectory, IGNORED_ROUTE_FILES);
  const localized = {};
  for (const route of Object.values(routes)) {
    if (route.parentId && route.parentId !== 'root') continue;
    if (route.id.startsWith('routes/admin')) continue;
    const source = readFileSync(join(appDirectory, route.file), 'utf8');
    if (!/^export default /m.test(source)) continue;
    localized[route.id] = { ...route, path: route.index ? ':lang?' : `:lang?/${route.path}`, index: false };
  }
  return localized;
}

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  appDirectory: 'app',
  assetsBuildDirectory: 'public/build',
  publicPath: '/build/',
  serverBuildPath: 'build/index.js',
  // Remix's build with every route secured (cross-site posts refused, headers on resource routes): ADR 013.
  server: 'app/server.ts',
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  // Unit tests sit next to routes; they must never become routes.
  ignoredRouteFiles: IGNORED_ROUTE_FILES,
  routes: async () => localizedRoutes(),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Single Fetch and lazy route discovery are Vite-only features; the classic compiler keeps them off.
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
};
