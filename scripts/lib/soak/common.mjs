// What every part of the soak run shares: its size, the checks it prints and counts, and what is left to
// stop or remove when it ends.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';

export const SECONDS = Number(process.env.SOAK_SECONDS || 12);
export const SHOPPERS = Number(process.env.SOAK_SHOPPERS || 10);
// The fault run's shoppers buy at least this long, and on until the faults are over and both APIs serve again.
export const FAULT_SECONDS = Number(process.env.SOAK_FAULT_SECONDS || 10);
export const secret = () => randomBytes(32).toString('base64url');
const verbose = Boolean(process.env.SOAK_VERBOSE);
export const log = verbose ? (line) => console.log(line) : () => {};

/** Stops of the programs still running, and folders to remove, when the run ends. */
export const running = new Set();
export const temporary = new Set();
/** One line per load run, for the summary. */
export const results = [];
let failed = false;

export function check(label, ok, detail = '') {
  console.log(`  ${ok ? '✓' : '✗'} ${label}${detail ? `: ${detail}` : ''}`);
  if (!ok) failed = true;
}

/** Whether any check failed so far. */
export const hasFailed = () => failed;

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function cleanUp() {
  await Promise.all([...running].map((stop) => stop().catch(() => undefined)));
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
}

export /** Prints what a load run did and checks the invariants. */
function report(name, run, ledger) {
  const { stats, outcome } = run;
  console.log(
    `  ${SHOPPERS} shoppers for ${run.elapsed.toFixed(1)} s: ${stats.requests} requests (${(stats.requests / run.elapsed).toFixed(0)}/s), p50 ${stats.percentile(50).toFixed(0)} ms, p99 ${stats.percentile(99).toFixed(0)} ms`,
  );
  console.log(`  statuses ${JSON.stringify(stats.statuses())}`);
  console.log(
    `  ${outcome.visits} visits: ${ledger.purchases} purchases (${ledger.itemsPurchased} items), ${outcome.refused} checkouts refused for stock, ${outcome.declined} declined, ${outcome.cancelled} cancelled, ${outcome.doublePays} double Pay presses`,
  );
  if (ledger.soldOut.length) console.log(`  sold out during the run: ${ledger.soldOut.join(', ')}`);
  check(
    'zero 5xx',
    stats.serverErrors.length === 0,
    stats.serverErrors
      .slice(0, 3)
      .map((e) => `${e.status} ${e.method} ${e.url} ${e.body}`)
      .join(' | '),
  );
  check('every visit went as a shopper expects', outcome.failures.length === 0, outcome.failures.slice(0, 3).join(' | '));
  check('shoppers paid', outcome.paid.length > 0, `${outcome.paid.length} sessions`);
  check(
    'every paid session has exactly one purchase',
    !ledger.problems.some((p) => /purchase|paid/.test(p)),
    ledger.problems
      .filter((p) => /purchase|paid/.test(p))
      .slice(0, 3)
      .join(' | '),
  );
  check(
    'stock never below zero',
    !ledger.problems.some((p) => /below zero/.test(p)),
    `lowest seen ${Math.min(...Object.values(run.minStock))}`,
  );
  check(
    'stock sold equals items purchased',
    !ledger.problems.some((p) => /went down/.test(p)),
    ledger.problems
      .filter((p) => /went down/.test(p))
      .slice(0, 3)
      .join(' | ') || `${ledger.held} still held by open sessions`,
  );
  results.push({ name, requests: stats.requests, seconds: run.elapsed, purchases: ledger.purchases, errors: stats.serverErrors.length });
}
