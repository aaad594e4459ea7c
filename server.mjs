#!/usr/bin/env node
// The storefront server: what remix-serve does (compression, the built files, request log, Remix),
// plus two checks around every request (ADR 013): a form posted from another site is refused with
// 403 before any action runs, and every answer carries the security headers.
// Anonymous reads of pages a route let the page cache keep are answered from memory before any of
// that runs (ADR 015).
// Usage: node server.mjs [build/index.js]   (PORT, default 3000; HOST, default all interfaces)
import { readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createReadableStreamFromReadable, createRequestHandler, installGlobals, writeReadableStreamToWritable } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import morgan from 'morgan';

const root = fileURLToPath(new URL('.', import.meta.url));
const buildPath = resolve(process.argv[2] ?? join(root, 'build', 'index.js'));
const build = await import(pathToFileURL(buildPath).href);
installGlobals({ nativeFetch: build.future.v3_singleFetch });

const mode = process.env.NODE_ENV ?? 'production';
const handleRequest = createRequestHandler(build, mode);
const port = Number(process.env.PORT || 3000);

/** The web Request for an incoming request; aborted when the shopper goes away before the answer is sent. */
function toRequest(req, res) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  // Who is at the other end of the socket, said by this server alone (a value the client sent is replaced).
  headers.set(build.PEER_HEADER, req.socket.remoteAddress ?? '');
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const init = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  return new Request(new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`).href, init);
}

async function send(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** Files get the same headers as everything else (a favicon.svg opened on its own runs nothing). */
function fileHeaders(res) {
  const { headers } = build.withSecurityHeaders(new Response(null));
  for (const [name, value] of headers) res.setHeader(name, value);
}

const app = express();
app.disable('x-powered-by');
app.use(compression());
// The bundles and styles as the build compressed them (brotli, else gzip); compression() leaves them be.
app.use(
  build.publicPath,
  expressStaticGzip(resolve(root, build.assetsBuildDirectory), {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    serveStatic: { immutable: true, maxAge: '1y', setHeaders: fileHeaders },
  }),
);
// The few files of public/ (favicon, robots.txt...), listed once: a page request never touches the disk.
const publicDir = join(root, 'public');
const publicFiles = new Set(
  readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(publicDir, join(entry.parentPath ?? entry.path, entry.name)).split(sep).join('/')}`),
);
const servePublic = express.static(publicDir, { maxAge: '1h', setHeaders: fileHeaders });
app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
app.use(morgan('tiny'));
app.all('*', async (req, res, next) => {
  try {
    const request = toRequest(req, res);
    const response = build.refuseCrossSiteRequest(request) ?? (await handleRequest(request));
    await send(res, await build.pageCache.remember({ method: req.method, url: req.originalUrl, headers: req.headers }, build.withSecurityHeaders(response)));
  } catch (error) {
    next(error);
  }
});

/** A stored page, written straight from memory; false when there is none for this request. */
function answerFromPageCache(req, res) {
  const stored = build.pageCache.lookup(req);
  if (!stored) return false;
  res.writeHead(stored.status, stored.headers);
  res.end(req.method === 'HEAD' ? undefined : stored.body);
  // The request log, in morgan's 'tiny' form, with where the answer came from.
  process.stdout.write(`${req.method} ${req.url} ${stored.status} ${stored.headers['Content-Length']} - page cache\n`);
  return true;
}

const server = createServer((req, res) => {
  if (!answerFromPageCache(req, res)) app(req, res);
});
// As the API does: idle keep-alive connections are closed by the client (or proxy) first, so no
// request is sent on a socket the server is closing at that moment.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
if (process.env.HOST) server.listen(port, process.env.HOST, onListen);
else server.listen(port, onListen);
function onListen() {
  console.log(`[storefront] http://localhost:${port}`);
}
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close(() => process.exit(0)));
