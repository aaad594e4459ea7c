// The cluster while things go wrong, shoppers buying throughout (issue 44): Redis frozen (SIGSTOP),
// an API frozen with adds to cart on their way to it, then killed (SIGKILL) and started again by its
// supervisor, the other sent SIGTERM while payments are being made (it drains) and started again.
import { checkLedger, createBrowser, createStats, loadCatalogue, runLoad, stockBySku } from '../shoppers.mjs';
import { check, FAULT_SECONDS, seconds, SHOPPERS, sleep } from './common.mjs';

/**
 * Mid-burst, first, while nothing else runs: the instance stops answering with storefront writes on
 * their way to it (the balancer sends it about half until its health check fails) and is killed
 * with them there, so each must reach the other instance once, through the storefront's replay
 * with the same Idempotency-Key. (A write frozen after its work committed and before its answer was
 * kept would run again on the other instance: the window ADR 044 leaves open, kept out of this step.)
 * Returns each probe's answer and the quantity its cart then shows.
 */
async function killMidBurst({ cluster, catalogue, killed, probes, at }) {
  const variant = [...catalogue.variants].sort((a, b) => b.stock - a.stock)[0];
  killed.kill('SIGSTOP');
  const burst = Promise.all(
    probes.map(async (browser) => {
      const added = await browser.post(`${cluster.webUrl}/product/${encodeURIComponent(variant.product)}`, {
        intent: 'add-to-cart',
        variantId: variant.id,
      });
      const cart = await browser.get(`${cluster.webUrl}/cart`);
      return { status: added.status, quantity: Number(/data-testid="cart-line-quantity">\s*(\d+)/.exec(cart.text)?.[1] ?? 0) };
    }),
  );
  await sleep(500);
  killed.kill('SIGKILL');
  at(`${killed.label} frozen, then killed with ${probes.length} adds to cart on their way`);
  const answers = await burst;
  await killed.restarted(killed.restarts + 1);
  await cluster.ready();
  at(`${killed.label} serving again`);
  return answers;
}

/**
 * The faults while shoppers buy: Redis frozen, with sign-ins during it (`signIns`); one API killed and
 * started again; Redis thawed; the other API sent SIGTERM (`state.terminatedAt`, by the database's
 * clock: the purchases from then on were paid around its drain) and started again.
 */
async function runFaults({ cluster, ownRedis, killed, terminated, query, at, signIns, state }) {
  await sleep(3_000);
  ownRedis.freeze();
  at('Redis frozen');
  // Sign-in calls while Redis hangs: each is counted in memory after at most the command timeout.
  for (let i = 0; i < 10; i += 1) {
    const begun = performance.now();
    const response = await fetch(`${cluster.apiUrl}/api/auth/check-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.5.0.1' },
      body: JSON.stringify({ email: `soak-frozen-${i}-${Date.now()}@example.com` }),
      signal: AbortSignal.timeout(30_000),
    });
    await response.body?.cancel();
    signIns.push({ ms: performance.now() - begun, status: response.status });
  }
  killed.kill('SIGKILL');
  at(`${killed.label} killed`);
  // As a rolling deploy does: the other instance is stopped only once the balancer sends to this one again.
  await killed.restarted(killed.restarts + 1);
  await cluster.ready();
  at(`${killed.label} serving again`);
  ownRedis.thaw();
  at('Redis thawed');
  await sleep(1_000);
  state.terminatedAt = new Date((await query('SELECT now() AS now'))[0].now);
  terminated.kill('SIGTERM');
  at(`${terminated.label} sent SIGTERM`);
  await terminated.restarted(terminated.restarts + 1);
  at(`${terminated.label} serving again`);
}

/** What the shoppers saw and what the ledger holds after the faults. */
function checkShoppersAndLedger({ cluster, run, ledger, burstAnswers, probes, probeStats, instanceLines }) {
  const { stats, outcome } = run;
  console.log(
    `  ${SHOPPERS} shoppers for ${run.elapsed.toFixed(1)} s: ${stats.requests} requests, statuses ${JSON.stringify(stats.statuses())}; ${outcome.paid.length} paid`,
  );
  const retrySafe = (e) =>
    (e.status === 502 || e.status === 503) && new URL(e.url).origin === cluster.apiUrl && new URL(e.url).pathname.startsWith('/pay/');
  const unexpected = stats.serverErrors.filter((e) => !retrySafe(e));
  check(
    "no shopper saw a 5xx but the payment page's 502 for the killed instance's request, pressed again",
    unexpected.length === 0,
    unexpected
      .slice(0, 3)
      .map((e) => `${e.status} ${e.method} ${e.url} ${e.body}`)
      .join(' | ') || `${stats.serverErrors.length} retry-safe, ${outcome.retried.length} presses again`,
  );
  check('every visit went as a shopper expects', outcome.failures.length === 0, outcome.failures.slice(0, 3).join(' | '));
  if (unexpected.length || outcome.failures.length) {
    // What the instances said meanwhile, to tell why.
    const said = instanceLines.filter((line) => /error|fail|refused|reset|timed? ?out/i.test(line)).slice(-12);
    for (const line of said) console.log(`    ${line.slice(0, 300)}`);
  }
  check(
    'adds to cart on their way to the killed instance landed once each, with no 5xx',
    burstAnswers.length === probes.length &&
      burstAnswers.every((a) => a.status === 200 && a.quantity === 1) &&
      probeStats.serverErrors.length === 0,
    `quantities ${burstAnswers.map((a) => a.quantity).join(', ')}; statuses ${JSON.stringify(probeStats.statuses())}`,
  );
  check('shoppers paid through the faults', outcome.paid.length > 0, `${outcome.paid.length} sessions`);
  check(
    'every paid session has exactly one purchase',
    !ledger.problems.some((p) => /purchase|paid/.test(p)),
    ledger.problems
      .filter((p) => /purchase|paid/.test(p))
      .slice(0, 3)
      .join(' | '),
  );
  check(
    'stock adds up',
    !ledger.problems.some((p) => /went down|below zero/.test(p)),
    ledger.problems
      .filter((p) => /went down|below zero/.test(p))
      .slice(0, 3)
      .join(' | ') || `${ledger.itemsPurchased} items bought, ${ledger.held} held by open sessions`,
  );
  check(
    'nothing was applied twice',
    !ledger.problems.some((p) => /twice/.test(p)),
    ledger.problems
      .filter((p) => /twice/.test(p))
      .slice(0, 3)
      .join(' | ') || `${outcome.added.size} purchases match what their shoppers added`,
  );
}

/** Every purchase has its confirmation, once: queued with it, sent by a request or a job runner. */
async function checkConfirmations(query, since) {
  const confirmations = () =>
    query(`SELECT p.id, COUNT(DISTINCT j.id)::int AS queued, COUNT(DISTINCT j.id) FILTER (WHERE j.done_at IS NOT NULL)::int AS sent,
        COUNT(m.id)::int AS mails
      FROM purchases p
      LEFT JOIN jobs j ON j.kind = 'order-mail' AND j.payload->>'purchase_id' = p.id::text AND j.payload->>'subject' LIKE 'Your FILO order %'
      LEFT JOIN mail_outbox m ON m.message_id = '<' || j.id || '@order-mail.filo>'
      WHERE p.created_at >= '${since.toISOString()}'::timestamptz GROUP BY p.id`);
  let rows = await confirmations();
  for (let waited = 0; rows.some((r) => r.sent < r.queued) && waited < 75_000; waited += 1_000) {
    await sleep(1_000);
    rows = await confirmations();
  }
  const wrong = rows.filter((r) => r.queued !== 1 || r.mails !== 1);
  check(
    'every order has its confirmation email, once',
    rows.length > 0 && wrong.length === 0,
    wrong
      .slice(0, 3)
      .map((r) => `${r.id}: ${r.queued} queued, ${r.mails} sent`)
      .join(' | ') || `${rows.length} purchases, ${rows.length} emails`,
  );
}

/** How the instances came through: sign-ins while Redis was frozen, the drain on SIGTERM, the restarts, the outage's log lines. */
async function checkInstances({ cluster, query, signIns, terminatedAt, killed, terminated, instanceLines, events }) {
  const frozen = signIns.map((s) => s.ms).sort((a, b) => a - b);
  check(
    'sign-ins answer while Redis is frozen',
    signIns.length === 10 && signIns.every((s) => s.status === 200) && frozen.at(-1) < 2_000,
    `${signIns.length} sign-in calls, slowest ${frozen.at(-1)?.toFixed(0)} ms, median ${frozen[Math.floor(frozen.length / 2)]?.toFixed(0)} ms (statuses ${[...new Set(signIns.map((s) => s.status))].join(', ')})`,
  );
  const paidSinceTerm = terminatedAt
    ? (await query(`SELECT COUNT(*)::int AS n FROM purchases WHERE created_at >= '${terminatedAt.toISOString()}'::timestamptz`))[0].n
    : 0;
  check('shoppers were paying when the other API was sent SIGTERM', paidSinceTerm > 0, `${paidSinceTerm} purchases from its SIGTERM on`);
  const drained = instanceLines.find((line) => line.startsWith(`[${terminated.label}] stopping: finishing`));
  const cut = instanceLines.find((line) => line.startsWith(`[${terminated.label}] stopping:`) && /were cut/.test(line));
  check(
    'the instance sent SIGTERM drained before it stopped',
    Boolean(drained) && !cut,
    (drained ?? 'no drain logged').replace(/^\[[^\]]+\] /, ''),
  );
  check(
    'both APIs were started again by their supervisor',
    killed.restarts >= 2 && terminated.restarts >= 1,
    events.filter((line) => /running again/.test(line)).join('; '),
  );
  const outageLines = instanceLines.filter((line) => /rate limits: Redis (unavailable|still unavailable)/.test(line));
  check(
    'a Redis outage is logged once per instance, not once per attempt',
    outageLines.length <= cluster.apis.length * 3,
    `${outageLines.length} lines`,
  );
}

/**
 * The cluster while things go wrong, shoppers buying throughout. Then: every paid session has one
 * purchase, every purchase one confirmation email, stock adds up, nothing was applied twice, no
 * shopper saw a 5xx except the payment page's 502s of the request the killed instance was answering
 * (pressed again: safe, a session is paid once), and sign-ins answered while Redis was frozen.
 */
export async function faultRun({ cluster, ownRedis, adminToken, db, instanceLines, events }) {
  console.log('  faults: Redis frozen, an API killed mid-run and started again, the other sent SIGTERM during payments');
  const started = Date.now();
  const query = async (sql) => (await db.query(sql)).rows;
  const since = new Date((await query('SELECT now() AS now'))[0].now);
  const catalogue = await loadCatalogue(cluster.apiUrl);
  const initialStock = await stockBySku(cluster.apiUrl, adminToken);
  const [killed, terminated] = cluster.apis;
  const signIns = [];
  const timeline = [];
  const probeStats = createStats();
  const probes = Array.from({ length: 8 }, (_, i) => createBrowser({ stats: probeStats, address: `10.6.0.${i + 1}` }));
  const at = (what) => timeline.push(`${what} at ${seconds(Date.now() - started)}`);
  const state = { terminatedAt: null };
  const burstAnswers = await killMidBurst({ cluster, catalogue, killed, probes, at });

  const faults = runFaults({ cluster, ownRedis, killed, terminated, query, at, signIns, state });
  const load = runLoad({
    webUrl: cluster.webUrl,
    apiUrl: cluster.apiUrl,
    adminToken,
    shoppers: SHOPPERS,
    seconds: FAULT_SECONDS,
    catalogue,
    label: 'faults',
    // On a slow machine a restart can outlast FAULT_SECONDS: the shoppers keep buying until every fault has
    // happened, and a little after, so the SIGTERM always meets payments.
    until: faults.then(() => sleep(2_000)),
  });
  await faults.catch((error) => check('faults ran', false, error.message)).finally(() => ownRedis.thaw());
  const run = await load;
  const finalStock = await stockBySku(cluster.apiUrl, adminToken);
  console.log(`  ${timeline.join(', ')}`);
  const ledger = await checkLedger({
    query,
    initialStock,
    finalStock,
    minStock: run.minStock,
    paid: run.outcome.paid,
    since,
    added: run.outcome.added,
  });

  checkShoppersAndLedger({ cluster, run, ledger, burstAnswers, probes, probeStats, instanceLines });
  await checkConfirmations(query, since);
  await checkInstances({ cluster, query, signIns, terminatedAt: state.terminatedAt, killed, terminated, instanceLines, events });
  console.log(`  faults took ${seconds(Date.now() - started)}`);
}
