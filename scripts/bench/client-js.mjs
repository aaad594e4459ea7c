// Client JavaScript on a first visit: every script the page loads in a fresh browser, gzip-compressed
// as the storefront sends it (zlib's default level), until the network is idle.
import { gzipSync } from 'node:zlib';

import { chromium } from '@playwright/test';

export async function measureClientJs(pages, { chromiumPath, cookies = [] }) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const rows = [];
    for (const { label, url, withSession } of pages) {
      const context = await browser.newContext();
      if (withSession) await context.addCookies(cookies);
      const page = await context.newPage();
      const scripts = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => ({ url: response.url(), body })));
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      const bodies = await Promise.all(scripts);
      await context.close();
      rows.push({
        label,
        scripts: bodies.length,
        rawBytes: bodies.reduce((sum, { body }) => sum + body.length, 0),
        gzipBytes: bodies.reduce((sum, { body }) => sum + gzipSync(body).length, 0),
      });
    }
    return rows;
  } finally {
    await browser.close();
  }
}
