#!/usr/bin/env node
// The storefront server: what remix-serve does (compression, the built files, request log, Remix),
// plus two checks around every request (ADR 013): a form posted from another site is refused with
// 403 before any action runs, and every answer carries the security headers.
// Anonymous reads of pages a route let the page cache keep are answered from memory before any of
// that runs (ADR 015). Every request gets an id (X-Request-Id) and one JSON log line; with
// METRICS_PORT set, Prometheus metrics are served on that port of loopback (ADR 030).
// Usage: node server.mjs [build/index.js]   (PORT, default 3000; HOST, default all interfaces)
import { readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { createReadableStreamFromReadable, createRequestHandler, installGlobals } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import morgan from 'morgan';

import { createStorefrontMetrics, startMetricsServer } from './server-metrics.mjs';
import { COMPRESSION, pageEncoding, writeCoalesced } from './server-write.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const buildPath = resolve(process.argv[2] ?? join(root, 'build', 'index.js'));
const build = await import(pathToFileURL(buildPath).href);
installGlobals({ nativeFetch: true });

const mode = process.env.NODE_ENV ?? 'production';
const handleWithContext = createRequestHandler(build, mode);
// Each request's shop context (session, API clients, request id) is made here, once, for all its loaders (ADR 045).
const handleRequest = (request) => handleWithContext(request, build.getLoadContext(request));
const port = Number(process.env.PORT || 3000);
// The build checked the environment as it loaded (entry.server); a bad METRICS_PORT has stopped it there.
const metricsPort = build.getEnv().METRICS_PORT;
const metrics = metricsPort ? createStorefrontMetrics() : undefined;
if (metrics) build.setMetricsRecorder(metrics.recorder);

/** The web Request for an incoming request; aborted when the shopper goes away before the answer is sent. */
function toRequest(req, res) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  // Who is at the other end of the socket, said by this server alone (a value the client sent is replaced).
  headers.set(build.PEER_HEADER, req.socket.remoteAddress ?? '');
  // The id this server settled on (a client's unsafe one is replaced), which the API client passes on.
  headers.set(build.REQUEST_ID_HEADER, req.requestId);
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

async function send(req, res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (response.body) await writeCoalesced(response.body, res, pageEncoding(req, res));
  else res.end();
}

/** Files get the same headers as everything else (a favicon.svg opened on its own runs nothing). */
function fileHeaders(res) {
  const { headers } = build.withSecurityHeaders(new Response(null));
  for (const [name, value] of headers) res.setHeader(name, value);
}

const app = express();
app.disable('x-powered-by');
// Pages are compressed by writeCoalesced (server-write.mjs); compression() does whatever else is
// compressible (the files of public/, an error page), with the same settings.
app.use(compression(COMPRESSION));
// The bundles and styles as the build compressed them (brotli, else gzip); compression() leaves them be.
app.use(
  build.publicPath,
  expressStaticGzip(resolve(root, build.assetsBuildDirectory), {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    serveStatic: { immutable: true, maxAge: '1y', setHeaders: fileHeaders },
  }),
);
// A bundle or style the build does not hold (a page of an earlier release asking for its files) is a
// short 404, as on the edge: not the shop's not-found page, rendered for a script that cannot show it.
app.use(build.publicPath, (req, res) => {
  fileHeaders(res);
  res.status(404).set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Not Found');
});
// The few files of public/ (favicon, robots.txt...), listed once: a page request never touches the disk.
const publicDir = join(root, 'public');
const publicFiles = new Set(
  readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map(
      (entry) =>
        `/${relative(publicDir, join(entry.parentPath ?? entry.path, entry.name))
          .split(sep)
          .join('/')}`,
    ),
);
const servePublic = express.static(publicDir, { maxAge: '1h', setHeaders: fileHeaders });
app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
app.all('*', async (req, res, next) => {
  try {
    const request = toRequest(req, res);
    const response = build.refuseCrossSiteRequest(request) ?? (await handleRequest(request));
    await send(
      req,
      res,
      await build.pageCache.remember(
        { method: req.method, url: req.originalUrl, headers: req.headers },
        build.withSecurityHeaders(response),
      ),
    );
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
  req.fromPageCache = true;
  return true;
}

/** Built bundles and the files of public/: never pages, so never in the page cache. */
const isFilePath = (path) => path.startsWith(build.publicPath) || publicFiles.has(path);

/** What the request metrics count a path under: its Remix route id, `static` for files, `unmatched` for no route. */
const routeLabel = (path) => (isFilePath(path) ? 'static' : (build.routeIdOf(path) ?? 'unmatched'));

/** One JSON line per request, written when its answer is finished or the shopper went away. */
const logRequest = morgan((_tokens, req, res) =>
  JSON.stringify({
    time: new Date().toISOString(),
    level: res.statusCode >= 500 ? 'error' : 'info',
    msg: !res.writableFinished ? 'request aborted' : req.fromPageCache ? 'request from page cache' : 'request',
    request_id: req.requestId,
    method: req.method,
    path: req.requestPath,
    status: res.statusCode,
    ms: Math.round((performance.now() - req.startedAt) * 10) / 10,
  }),
);

const server = createServer((req, res) => {
  req.startedAt = performance.now();
  req.requestPath = (req.url ?? '/').split('?')[0];
  req.requestId = build.requestIdFrom(req.headers['x-request-id']);
  res.setHeader(build.REQUEST_ID_HEADER, req.requestId);
  if (metrics) {
    res.once('close', () =>
      metrics.observeRequest(routeLabel(req.requestPath), req.method, res.statusCode, (performance.now() - req.startedAt) / 1000),
    );
  }
  // The funnel's product views (ADR 056): a product page served, cached or not, counted without anything about
  // the visitor, by the rule the edge worker applies too. The batch's own timer sends it.
  res.once('finish', () => {
    const purpose = `${req.headers['sec-purpose'] ?? ''}${req.headers.purpose ?? ''}`;
    void build.noteProductView({ method: req.method, path: req.requestPath, purpose, status: res.statusCode });
  });
  logRequest(req, res, () => {
    if (isFilePath(req.requestPath) || !answerFromPageCache(req, res)) app(req, res);
  });
});
// As the API does: idle keep-alive connections are closed by the client (or proxy) first, so no
// request is sent on a socket the server is closing at that moment.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
// The operator's metrics, on their own loopback port: never on the port shoppers reach.
const metricsServer = metrics
  ? await startMetricsServer(metrics.registry, metricsPort).catch((error) => {
      console.error(
        error.code === 'EADDRINUSE'
          ? `Port ${metricsPort} is already in use. Stop the program using it or set METRICS_PORT to another port.`
          : `The metrics server could not start: ${error.message}`,
      );
      process.exit(1);
    })
  : undefined;
if (process.env.HOST) server.listen(port, process.env.HOST, onListen);
else server.listen(port, onListen);
function onListen() {
  console.log(`[storefront] http://localhost:${port}`);
  if (metricsServer) console.log(`[storefront] metrics: http://127.0.0.1:${metricsPort}/metrics`);
}
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    metricsServer?.close();
    // Drain: no new connections, the pages in flight finish, at most 10 s (as the API does).
    server.close(() => build.flushProductViews().finally(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
