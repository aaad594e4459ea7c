// What `npm run bench` (run.mjs) prints: each section's tables, from its results.
import { DROP_COLUMNS } from './drop.mjs';
import { FIGURES_COLUMNS } from './figures.mjs';
import { table } from './report.mjs';
import { scaleReport } from './scale-report.mjs';

/** Storefront SSR beside the bare server and on the edge build, the worker's size, and the API's routes. */
function printServing(results, { duration, connections }) {
  console.log(`\nStorefront SSR (${duration} s, ${connections} connections; baseline: node:http sending the same bytes)\n`);
  console.log(
    table(
      [
        ['page', 'page'],
        ['htmlKb', 'HTML KB'],
        ['rps', 'req/s'],
        ['p50', 'p50 ms'],
        ['p99', 'p99 ms'],
        ['baselineRps', 'baseline req/s'],
        ['baselineP50', 'baseline p50'],
        ['baselineP99', 'baseline p99'],
        ['ratio', 'ratio'],
        ['verdict', '≥ 0.5 on /'],
      ],
      results.ssr,
    ),
  );
  console.log(`\nStorefront SSR, edge build on workerd beside Node (same run)\n`);
  console.log(
    table(
      [
        ['page', 'page'],
        ['edgeRps', 'edge req/s'],
        ['edgeP50', 'edge p50 ms'],
        ['edgeFailures', 'failures'],
        ['nodeRps', 'Node req/s'],
        ['nodeP50', 'Node p50 ms'],
        ['ratio', 'edge / Node'],
      ],
      results.edge.pages,
    ),
  );
  console.log(
    `\nWorker bundle: ${results.edge.workerGzipKb} KB gzip (${results.edge.workerRawKb} KB raw), limit ${results.edge.limitKb} KB: ${results.edge.verdict}`,
  );
  console.log(`\nShop API (ratio to the static JSON route of the same server)\n`);
  console.log(
    table(
      [
        ['backend', 'database'],
        ['route', 'route'],
        ['rps', 'req/s'],
        ['p50', 'p50 ms'],
        ['p99', 'p99 ms'],
        ['failures', 'failures'],
        ['ratio', 'ratio'],
      ],
      results.api,
    ),
  );
  if (typeof results.postgres === 'string') console.log(`\nPostgreSQL: ${results.postgres}`);
}

/** Client JavaScript, Lighthouse, upstream calls, the first start and memory. */
function printShopped(results, { lighthouseRuns }) {
  console.log('\nClient JavaScript on a first visit (gzip, as sent)\n');
  console.log(
    table(
      [
        ['page', 'page'],
        ['scripts', 'scripts'],
        ['rawKb', 'raw KB'],
        ['gzipKb', 'gzip KB'],
        ['budgetKb', 'budget KB'],
        ['verdict', 'verdict'],
      ],
      results.clientJs,
    ),
  );
  console.log(`\nLighthouse, mobile (median of ${lighthouseRuns})\n`);
  console.log(
    table(
      [
        ['page', 'page'],
        ['score', 'performance'],
        ['lcpMs', 'LCP ms'],
        ['cls', 'CLS'],
        ['tbtMs', 'TBT ms'],
        ['fcpMs', 'FCP ms'],
        ['scores', 'all runs'],
        ['verdict', '≥ 95, CLS 0'],
      ],
      results.lighthouse,
    ),
  );
  console.log('\nUpstream (API) calls per page render\n');
  console.log(
    table(
      [
        ['page', 'page'],
        ['first', 'first render'],
        ['warm', 'warm cache'],
        ['target', 'target'],
        ['verdict', 'verdict'],
        ['calls', 'calls'],
      ],
      results.upstream,
    ),
  );
  console.log(
    `\nAPI first start on an empty data folder (PGlite): ${results.firstStart.seconds} s (target 60 s), RSS ${results.firstStart.rssMb} MB once serving (target 350 MB): ${results.firstStart.verdict}`,
  );
  console.log('\nResident memory after the load runs\n');
  console.log(
    table(
      [
        ['server', 'server'],
        ['rssMb', 'RSS MB'],
      ],
      results.memory,
    ),
  );
}

/** The tables of the sections that ran, in the order they have always been printed. */
export function printResults(results, settings) {
  const { duration, connections, rounds } = settings;
  if (results.ssr) printServing(results, settings);
  if (results.figures) {
    console.log(`\nBack-office dashboard (GET /api/admin/figures): a seeded shop, then 100,000 orders over a year\n`);
    console.log(table(FIGURES_COLUMNS, results.figures));
  }
  if (results.drop) {
    console.log(
      '\nDrop rehearsal: 300 guests arrive within 3 s of the launch of 50 units (1 per customer), Quick Purchase without JavaScript, then pay\n',
    );
    console.log(table(DROP_COLUMNS, results.drop.rows));
    for (const problem of results.drop.problems) console.log(`PROBLEM: ${problem}`);
  }
  if (results.scale) {
    console.log(`\nThe shop at scale\n`);
    console.log(scaleReport(results.scale, { duration, connections, rounds }));
  }
  if (results.ssr) printShopped(results, settings);
}
