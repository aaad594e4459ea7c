// The shop at scale's tables and checks (scale.mjs), as `npm run bench` and the script alone print them.
import os from 'node:os';

import { round, spread, table } from './report.mjs';
import { BROWSER_ENCODING, CART_LINES, FEW_ORDERS, MANY_ORDERS, PRODUCTS, SMALL, TARGETS } from './scale-data.mjs';
import {} from './servers.mjs';

export const SCALE_DATA_COLUMNS = [
  ['backend', 'database'],
  ['products', 'products'],
  ['variants', 'variants'],
  ['images', 'images'],
  ['orders', 'orders'],
  ['customers', 'customers with orders'],
  ['seconds', 'written in s'],
];

export const SCALE_PAGE_COLUMNS = [
  ['page', 'page'],
  ['htmlKb', 'HTML KB'],
  ['rps', 'req/s'],
  ['p50', 'p50 ms'],
  ['minimalKb', 'minimal KB'],
  ['minimalRps', 'minimal req/s'],
  ['ratio', 'ratio'],
  ['spread', 'rounds'],
  ['target', 'target'],
  ['verdict', 'verdict'],
  ['cpuMs', 'CPU ms/req'],
  ['minimalCpuMs', 'minimal CPU ms/req'],
  ['cpuRatio', 'CPU ratio'],
  ['cpuSpread', 'CPU rounds'],
  ['cpuTarget', 'CPU target'],
  ['cpuVerdict', 'CPU verdict'],
  ['load', 'load avg'],
  ['encoding', 'encoding'],
  ['wireKb', 'sent KB'],
  ['compressedRps', 'br, gzip req/s'],
  ['compressedCpuMs', 'br, gzip CPU ms/req'],
  ['compressedRatio', 'of uncompressed'],
  ['compressedSpread', 'rounds '],
  ['compressedVerdict', `≥ ${TARGETS.compressed}`],
  ['apiRssMb', 'API RSS MB'],
  ['failures', 'failures'],
];

export const SCALE_CALL_COLUMNS = [
  ['page', 'page'],
  ['apiCalls', 'API calls'],
  ['calls', 'calls'],
];

export const SCALE_API_COLUMNS = [
  ['backend', 'database'],
  ['route', 'route'],
  ['answerKb', 'answer KB'],
  ['rps', 'req/s'],
  ['p50', 'p50 ms'],
  ['p99', 'p99 ms'],
  ['failures', 'failures'],
  ['ratio', 'of /livez'],
  ['spread', 'rounds'],
  ['target', 'target'],
  ['verdict', 'verdict'],
];

/**
 * Issue #36's targets, each as a line saying met or not met with its figure and the load average
 * beside it: the small shop's pages (rate and CPU per request against the minimal app, compressed
 * against uncompressed) on each database measured, signed-in `/` at scale, the API's memory at scale.
 */
export function scaleChecks(results) {
  const lines = [];
  const mark = (ok) => (ok ? 'met' : 'NOT MET');
  for (const [backend, rows] of [
    ['PGlite', results.small ?? []],
    ['PostgreSQL', results.smallPostgres ?? []],
  ]) {
    for (const row of rows) {
      const load = `load average ${row.load}`;
      lines.push(
        `${mark(row.verdict === 'ok')}: ${backend}, ${row.page}: ${row.ratio} of the minimal app's req/s (${row.target}; rounds ${row.spread}; ${load})`,
      );
      if (row.cpuTarget !== '–')
        lines.push(
          `${mark(row.cpuVerdict === 'ok')}: ${backend}, ${row.page}: ${row.cpuMs} CPU ms per request, storefront + API, vs ${row.minimalCpuMs} for the minimal app: ${row.cpuRatio}× (${row.cpuTarget}; rounds ${row.cpuSpread}; ${load})`,
        );
      lines.push(
        `${mark(row.compressedVerdict === 'ok')}: ${backend}, ${row.page}: br at ${row.compressedRatio} of its uncompressed rate (≥ ${TARGETS.compressed}; rounds ${row.compressedSpread}; ${load})`,
      );
    }
  }
  const home = (results.pages ?? []).find((row) => row.page.startsWith('/ '));
  if (home)
    lines.push(
      `${mark(home.verdict === 'ok')}: PGlite, ${PRODUCTS} products, signed-in /: ${home.ratio} of the minimal app (${home.target}; rounds ${home.spread}; load average ${home.load})`,
    );
  if (results.apiPeakMb !== null && results.apiPeakMb !== undefined) {
    const loads = spread(
      (results.pages ?? []).flatMap((row) =>
        String(row.load ?? '')
          .split('–')
          .map(Number),
      ),
    );
    lines.push(
      `${mark(results.apiPeakMb <= TARGETS.apiRssMb)}: PGlite, ${PRODUCTS} products, the API's resident memory under the pages' load: peak ${results.apiPeakMb} MB, highest after a run ${Math.max(...results.pages.map((row) => row.apiRssMb))} MB (≤ ${TARGETS.apiRssMb} MB; load average ${loads})`,
    );
  }
  return lines;
}

/** The scenario's tables, as `npm run bench` and the script alone print them. */
export function scaleReport(results, { duration, connections, rounds = 3 }) {
  const each = `${rounds} rounds of ${duration} s, ${connections} connections; ratios are the median of the rounds, each taken within its round, and "rounds" shows their lowest and highest`;
  const cpu =
    'CPU ms/req: user + system time of the storefront and the API (the minimal app alone on its side) over the measured run, per request; "load avg" is the one-minute load average at the end of the round\'s runs (lowest–highest)';
  const small = (backend, rows) =>
    rows.length === 0
      ? []
      : [
          `Small shop on ${backend} (the seeded catalogue; ${each}), signed in as a customer with ${FEW_ORDERS} orders, ${SMALL.wishlist} wishlist entries and ${CART_LINES} lines in the cart; minimal: bench/minimal-remix with a page of the same size, uncompressed; then the shop's page with Accept-Encoding: ${BROWSER_ENCODING}. ${cpu}\n`,
          table(SCALE_PAGE_COLUMNS, rows),
          `\nAPI calls per render of those pages (second render, caches warm)\n`,
          table(SCALE_CALL_COLUMNS, rows),
          '',
        ];
  const out = [
    `Load average at the start ${round(results.loadStart ?? 0, 1)}, at the end ${round(results.loadEnd ?? 0, 1)} (${os.cpus().length} cores)\n`,
    ...small('PGlite', results.small ?? []),
    ...small('PostgreSQL', results.smallPostgres ?? []),
  ];
  if (results.data.length > 0)
    out.push(`Data written by the database (generate_series) after the API's first start\n`, table(SCALE_DATA_COLUMNS, results.data), '');
  if (results.pages.length > 0) {
    out.push(
      `Storefront pages at scale (PGlite; ${each}), signed in as the customer with ${MANY_ORDERS} orders; minimal: bench/minimal-remix on remix-serve with a page of the same size, uncompressed; then the shop's page with Accept-Encoding: ${BROWSER_ENCODING}. ${cpu}\n`,
      table(SCALE_PAGE_COLUMNS, results.pages),
      `\nAPI calls per render of those pages (second render, caches warm)\n`,
      table(SCALE_CALL_COLUMNS, results.pages),
      '',
    );
  }
  if (results.api.length > 0)
    out.push(
      `Shop API at scale (ratio to the same server's /livez, measured just before the route in each round; ${each})\n`,
      table(SCALE_API_COLUMNS, results.api),
      '',
    );
  const checks = scaleChecks(results);
  if (checks.length > 0) out.push(`Issue #36's targets\n`, ...checks.map((line) => `- ${line}`));
  return out.join('\n');
}
