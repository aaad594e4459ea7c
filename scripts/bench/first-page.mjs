#!/usr/bin/env node
// A newcomer's first start, timed (issue 36, ADR 074): `npm start` on an empty data folder with an
// empty cache (FILO_CACHE_DIR), on free ports, until `/` answers 200 and every image it names (each
// `src` and `srcset` entry) answers 200 image/webp. Prints both times from `npm start` and the load
// average before and after; stops the shop. Not part of `npm run bench`, whose first start is the
// API's alone. Usage: node scripts/bench/first-page.mjs [--runs <n>]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { freePort, root } from './servers.mjs';

const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '1' } } });
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every image URL of the page: each img's src and each srcset candidate. */
function imagesOf(html) {
  const urls = new Set();
  for (const tag of html.match(/<img\b[^>]*>/g) ?? []) {
    const attribute = (name) => new RegExp(`\\s${name}="([^"]+)"`, 'i').exec(tag)?.[1]?.replaceAll('&amp;', '&');
    const src = attribute('src');
    if (src) urls.add(src);
    for (const candidate of attribute('srcset')?.split(',') ?? []) urls.add(candidate.trim().split(/\s+/)[0]);
  }
  return [...urls];
}

/** The first answer 200 of `url`'s page, polled every 250 ms. */
async function firstPage(url, started, deadline) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return { html: await response.text(), seconds: (Date.now() - started) / 1000 };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${(deadline - started) / 1000} s`);
}

async function run() {
  const work = mkdtempSync(join(os.tmpdir(), 'filo-first-page-'));
  const [port, apiPort] = [await freePort(), await freePort()];
  const before = load();
  const started = Date.now();
  // Its own process group, so the shop and every child it starts stop together.
  const shop = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATA_DIR: join(work, 'data'),
      FILO_CACHE_DIR: join(work, 'cache'),
      PORT: String(port),
      API_PORT: String(apiPort),
    },
  });
  try {
    const page = await firstPage(`http://localhost:${port}/`, started, started + 600_000);
    const images = imagesOf(page.html);
    const failed = (
      await Promise.all(
        images.map(async (url) => {
          const response = await fetch(url, { headers: { Accept: 'image/avif,image/webp,image/*,*/*;q=0.8' } });
          await response.arrayBuffer();
          const type = response.headers.get('content-type');
          return response.status === 200 && type === 'image/webp' ? null : `${response.status} ${type} ${url}`;
        }),
      )
    ).filter(Boolean);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `first page ${page.seconds.toFixed(1)} s, its ${images.length} images ${seconds.toFixed(1)} s` +
        `${failed.length ? ` (${failed.length} not a WebP image: ${failed.join('; ')})` : ''}; load average ${before} before, ${load()} after`,
    );
  } finally {
    process.kill(-shop.pid, 'SIGTERM');
    await new Promise((resolve) => shop.once('exit', resolve));
    // npm may go first: the API closes its database before the folder goes.
    for (
      let i = 0;
      i < 60 &&
      (await fetch(`http://127.0.0.1:${apiPort}/healthz`).then(
        () => true,
        () => false,
      ));
      i++
    )
      await sleep(250);
    rmSync(work, { recursive: true, force: true });
  }
}

for (let i = 0; i < Number(options.runs); i++) await run();
