// The baseline: a bare node:http server that answers each path with bytes read once at start.
// Usage: node static-server.mjs <port> <routes.json>, where routes.json maps a path to { file, type, encoding? }.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, routesFile] = process.argv.slice(2);
const routes = new Map(
  Object.entries(JSON.parse(readFileSync(routesFile, 'utf8'))).map(([path, { file, type, encoding }]) => [
    path,
    { body: readFileSync(file), type, encoding },
  ]),
);

createServer((request, response) => {
  const route = routes.get(request.url);
  if (!route) {
    response.writeHead(request.url === '/' ? 200 : 404, { 'Content-Type': 'text/plain' });
    response.end(request.url === '/' ? 'ok' : 'not found');
    return;
  }
  response.writeHead(200, {
    'Content-Type': route.type,
    'Content-Length': route.body.length,
    ...(route.encoding ? { 'Content-Encoding': route.encoding } : {}),
  });
  response.end(route.body);
}).listen(Number(port), '127.0.0.1');
