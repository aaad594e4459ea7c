#!/usr/bin/env node
// The storefront's edge build (build/edge/worker.mjs) on workerd, through miniflare: what a
// Cloudflare Workers host runs, on this machine. The same environment variables as server.mjs; they
// become the worker's text bindings. ASSETS, the host's static-asset service on Workers, is played
// here by a small file server that sends the build's precompressed copies.
// Usage: node edge/serve.mjs   (PORT, default 3000; HOST, default 127.0.0.1)
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

import { Miniflare, Response } from 'miniflare';

const root = fileURLToPath(new URL('..', import.meta.url));
const publicDir = join(root, 'public');
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || '127.0.0.1';

/** The storefront's variables (app/lib/env.server.ts), passed on as they are set. */
const VARIABLES = [
  'NODE_ENV',
  'API_URL',
  'PUBLIC_API_URL',
  'STORAGE_URL',
  'SESSION_SECRET',
  'API_TIMEOUT_MS',
  'FUNNEL_FLUSH_MS',
  'ADMIN_TOKEN',
  'TRUSTED_PROXIES',
];
const bindings = Object.fromEntries(VARIABLES.filter((name) => process.env[name]?.trim()).map((name) => [name, process.env[name].trim()]));
// The catalogue hook's token: the API keeps it in DATA_DIR when ADMIN_TOKEN is not set.
const tokenFile = join(process.env.DATA_DIR || join(root, 'data'), 'admin-token');
if (!bindings.ADMIN_TOKEN && existsSync(tokenFile)) bindings.ADMIN_TOKEN = readFileSync(tokenFile, 'utf8').trim();

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

/** A file of public/, its brotli or gzip copy when the client takes it; 404 otherwise. */
function serveAsset(request) {
  const { pathname } = new URL(request.url);
  const path = normalize(join(publicDir, decodeURIComponent(pathname)));
  if (!path.startsWith(publicDir) || !existsSync(path) || !statSync(path).isFile()) return new Response('Not Found', { status: 404 });
  const accepts = request.headers.get('accept-encoding') ?? '';
  const headers = {
    'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream',
    'Cache-Control': pathname.startsWith('/build/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    Vary: 'Accept-Encoding',
  };
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ]) {
    if (accepts.includes(encoding) && existsSync(path + suffix)) {
      return new Response(readFileSync(path + suffix), { headers: { ...headers, 'Content-Encoding': encoding } });
    }
  }
  return new Response(readFileSync(path), { headers });
}

const worker = new Miniflare({
  // One bundled module; its node:* imports are workerd's own (nodejs_compat).
  modules: [{ type: 'ESModule', path: join(root, 'build', 'edge', 'worker.mjs') }],
  compatibilityDate: '2026-04-01',
  compatibilityFlags: ['nodejs_compat'],
  bindings,
  serviceBindings: { ASSETS: serveAsset },
  host,
  port,
});
await worker.ready;
console.log(`[storefront] http://localhost:${port} (workerd)`);
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => worker.dispose().then(() => process.exit(0)));
