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
  ignoredRouteFiles: ['**/.*', '**/*.test.*', '**/*.spec.*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Single Fetch and lazy route discovery are Vite-only features; the classic compiler keeps them off.
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
};
