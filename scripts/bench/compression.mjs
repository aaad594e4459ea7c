#!/usr/bin/env node
// The cost of compressing a page, side by side in one process (ADR 038): the same page, in the 2 KB
// pieces React writes, sent as it is, then with `Accept-Encoding: br, gzip` through compression()'s
// stream (how pages went before) and through writeCoalesced's one call (server-write.mjs, how they go
// now). No rendering, no API: only what compressing adds.
// Usage: node scripts/bench/compression.mjs <page.html | http://...>... [--rounds 3] [--duration 4]
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';
import compression from 'compression';
import express from 'express';

import { COMPRESSION, pageEncoding, writeCoalesced } from '../../server-write.mjs';

const { values: options, positionals: pages } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '4' },
    connections: { type: 'string', default: '10' },
  },
});
if (pages.length === 0) {
  console.error('usage: node scripts/bench/compression.mjs <page.html | http://...>... [--rounds 3] [--duration 4]');
  process.exit(1);
}

const HTML = { 'Content-Type': 'text/html; charset=utf-8' };

async function load(source) {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source, { headers: { 'Accept-Encoding': 'identity' } });
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }
  return readFile(source);
}

async function measure(source) {
  const page = await load(source);
  const pieces = [];
  for (let at = 0; at < page.length; at += 2048) pieces.push(page.subarray(at, at + 2048));
  const body = () =>
    new ReadableStream({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    });
  const app = express();
  app.use(compression(COMPRESSION));
  // No encoding given: compression() compresses the pieces in its stream, as every page went before.
  app.get('/stream', async (_req, res) => {
    res.set(HTML);
    await writeCoalesced(body(), res, undefined);
  });
  app.get('/once', async (req, res) => {
    res.set(HTML);
    await writeCoalesced(body(), res, pageEncoding(req, res));
  });
  const server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const base = `http://127.0.0.1:${server.address().port}`;
  const rate = (path, encoding) =>
    new Promise((resolve, reject) =>
      autocannon(
        {
          url: base + path,
          connections: Number(options.connections),
          duration: Number(options.duration),
          headers: encoding ? { 'Accept-Encoding': encoding } : {},
        },
        (error, result) => (error ? reject(error) : resolve(result.requests.average)),
      ),
    );
  console.log(`\n${source} (${(page.length / 1024).toFixed(1)} KB)`);
  console.log('| round | identity req/s | stream br req/s | of identity | one call br req/s | of identity |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
  for (let round = 1; round <= Number(options.rounds); round += 1) {
    const identity = await rate('/stream');
    const streamed = await rate('/stream', 'br, gzip');
    const once = await rate('/once', 'br, gzip');
    console.log(
      `| ${round} | ${identity} | ${streamed} | ${(streamed / identity).toFixed(2)} | ${once} | ${(once / identity).toFixed(2)} |`,
    );
  }
  await new Promise((resolve) => server.close(resolve));
}

for (const source of pages) await measure(source);
