// One module on purpose (a little over 300 lines): the load run's shoppers share its form reader, cookie jar and stats.
// Shoppers for the load run: each one a browser without JavaScript (forms, redirects, a cookie jar)
// that browses, fills a cart, signs in as a guest, checks out and pays on the test payment page.

const PAID_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';
const ORDER_NUMBER = /ORD-\d{4}-\d{2}-\d{2}-[0-9A-F]{8}/;

const unescapeHtml = (text) =>
  text.replace(
    /&(amp|lt|gt|quot|#x27|#39|#x2F);/g,
    (_, name) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", '#x2F': '/' })[name],
  );

const attribute = (tag, name) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescapeHtml(match[1]) : undefined;
};

/**
 * The fields a browser would send with the form posting to `action` whose submit button has
 * `intent` (any form with that button when `action` is undefined): hidden inputs, the honeypot, and
 * that button's name and value.
 */
export function formFields(html, action, intent) {
  for (const [form] of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)) {
    const open = /^<form\b[^>]*>/.exec(form)[0];
    if (action !== undefined && attribute(open, 'action') !== action) continue;
    const button = [...form.matchAll(/<button\b[^>]*>/g)].map(([tag]) => tag).find((tag) => attribute(tag, 'value') === intent);
    if (!button) continue;
    const fields = {};
    for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
      const name = attribute(tag, 'name');
      const type = attribute(tag, 'type') ?? 'text';
      if (!name || type === 'checkbox' || type === 'radio') continue;
      if (type === 'hidden' || /readonly|tabindex="-1"/.test(tag)) fields[name] = attribute(tag, 'value') ?? '';
    }
    fields[attribute(button, 'name')] = intent;
    return fields;
  }
  // What the page said instead (an error in the sign-in modal, a flash), for whoever reads the failure.
  const said = [...html.matchAll(/role="alert"[^>]*>([\s\S]*?)<\//g)].map((m) => m[1].replace(/<[^>]+>/g, '').trim()).filter(Boolean);
  throw new Error(
    `no form to ${action} with a ${intent} button${said.length ? ` (the page says: ${unescapeHtml(said.join('; ')).slice(0, 200)})` : ''}`,
  );
}

/** Request counts, statuses and latencies of the whole run. */
export function createStats() {
  const statuses = new Map();
  const serverErrors = [];
  const latencies = [];
  return {
    record(method, url, status, ms, body) {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      latencies.push(ms);
      if (status >= 500) serverErrors.push({ method, url, status, body: body.slice(0, 300) });
    },
    get requests() {
      return latencies.length;
    },
    serverErrors,
    statuses: () => Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    percentile(p) {
      if (!latencies.length) return 0;
      const sorted = [...latencies].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
    },
  };
}

/** One shopper's browser: cookies per host, no JavaScript, redirects followed like a browser does. */
export function createBrowser({ stats, address }) {
  const jars = new Map();
  const jarFor = (url) => {
    const host = new URL(url).host;
    if (!jars.has(host)) jars.set(host, new Map());
    return jars.get(host);
  };

  async function send(method, url, fields) {
    const jar = jarFor(url);
    const headers = { 'X-Forwarded-For': address, 'User-Agent': 'shop-soak' };
    if (jar.size) headers.Cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let body;
    if (fields) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(fields).toString();
    }
    const started = performance.now();
    const response = await fetch(url, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) }).catch((error) => {
      // Which request failed, and how (a refused or reset connection), for whoever reads the failure.
      throw new Error(`${method} ${url}: ${error?.cause?.code ?? error?.cause?.message ?? error?.message ?? error}`, { cause: error });
    });
    const text = await response.text();
    stats.record(method, url, response.status, performance.now() - started, text);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(at + 1).trim());
    }
    return { status: response.status, location: response.headers.get('location'), text, url };
  }

  /** A request and, as a browser does, every redirect after it (as GETs). */
  async function navigate(method, url, fields) {
    let answer = await send(method, url, fields);
    for (let hops = 0; answer.location && answer.status >= 300 && answer.status < 400 && hops < 5; hops += 1) {
      answer = await send('GET', new URL(answer.location, answer.url).toString());
    }
    return answer;
  }

  return {
    get: (url) => navigate('GET', url),
    post: (url, fields) => navigate('POST', url, fields),
    /** A post whose redirect is not followed (to see where it goes). */
    postOnly: (url, fields) => send('POST', url, fields),
    cookie: (url, name) => jarFor(url).get(name),
    setCookie: (url, name, value) => jarFor(url).set(name, value),
  };
}

/** The newest 6-digit code mailed to `email` (the dev mailbox of the API). */
async function mailedCode(apiUrl, email) {
  // The run's own read of the mailbox, through the balancer: a read, tried again if the instance answering it dies.
  let messages;
  for (let attempt = 1; !messages; attempt += 1) {
    try {
      const response = await fetch(`${apiUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`mailbox: ${response.status}`);
      messages = await response.json();
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const match = messages.map((m) => /\b(\d{6})\b/.exec(m.text)).find(Boolean);
  if (!match) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

function expectStatus(answer, status, what) {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} at ${answer.url}\n${answer.text.slice(0, 300)}`);
  return answer;
}

/** Signs in as a guest through the storefront's sign-in flow, as a shopper without JavaScript does at checkout. */
export async function signInAsGuest(browser, { webUrl, apiUrl, email }) {
  let page = expectStatus(await browser.get(`${webUrl}/cart?checkout=resume&auth=email`), 200, 'sign-in email step');
  page = await browser.post(`${webUrl}/auth`, { ...formFields(page.text, '/auth', 'email'), email });
  page = await browser.post(`${webUrl}/auth`, formFields(expectStatus(page, 200, 'verify-or-guest step').text, '/auth', 'send-code-guest'));
  const code = await mailedCode(apiUrl, email);
  page = await browser.post(`${webUrl}/auth`, {
    ...formFields(expectStatus(page, 200, 'verify step').text, '/auth', 'verify'),
    verificationCode: code,
  });
  expectStatus(page, 200, 'sign-in success step');
  if (!/Logout|Log out/i.test(page.text)) throw new Error(`guest sign-in for ${email} did not sign in`);
}

const pick = (items) => items[Math.floor(Math.random() * items.length)];

/**
 * What a shopper does when the payment page (served by the API through its balancer) answers 502 or
 * 503, or the connection drops: the instance answering it died mid-request, and they press again (or
 * reload). Safe, since a session is paid once (docs/operations.md#faults); each such answer is noted.
 */
async function retrySafe(outcome, what, send) {
  for (let attempt = 1; ; attempt += 1) {
    let answer;
    try {
      answer = await send();
    } catch (error) {
      if (attempt >= 3) throw error;
      outcome.retried.push(`${what}: ${error instanceof Error ? error.message : error}`);
      continue;
    }
    if ((answer.status !== 502 && answer.status !== 503) || attempt >= 3) return answer;
    outcome.retried.push(`${what}: ${answer.status}`);
  }
}

/**
 * The catalogue the shoppers choose from: every variant in stock with its product, and the three
 * with the least stock, which most shoppers go for, so they sell out during the run.
 */
export async function loadCatalogue(apiUrl) {
  const list = await (
    await fetch(`${apiUrl}/api/products/list`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
  ).json();
  const names = [...new Set(list.map((item) => item.name))];
  const variants = [];
  for (const name of names) {
    const details = await (await fetch(`${apiUrl}/api/products/details?product_name=${encodeURIComponent(name)}`)).json();
    for (const variant of details.variants) {
      if (variant.stock_quantity > 0) variants.push({ product: name, id: variant.id, sku: variant.sku, stock: variant.stock_quantity });
    }
  }
  const hot = [...variants].sort((a, b) => a.stock - b.stock).slice(0, 3);
  return { names, variants, hot };
}

/** The stock of every variant, through the admin route. */
export async function stockBySku(apiUrl, adminToken) {
  const response = await fetch(`${apiUrl}/api/admin/stock`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`admin stock: ${response.status}`);
  return Object.fromEntries((await response.json()).map((row) => [row.sku, row.stock_quantity]));
}

/** One visit of a shopper: browse, add to cart, sign in the first time, check out, then pay (or not). */
async function visit(load, browser, shopper) {
  const { webUrl, apiUrl, catalogue, outcome } = load;
  expectStatus(await browser.get(`${webUrl}/`), 200, 'home');
  const wanted = [Math.random() < 0.7 ? pick(catalogue.hot) : pick(catalogue.variants)];
  if (Math.random() < 0.3) wanted.push(pick(catalogue.variants));
  // What this visit asked for, per variant: a purchase holding more was added twice somewhere.
  const added = shopper.clean ? {} : null;
  for (const variant of wanted) {
    const path = `${webUrl}/product/${encodeURIComponent(variant.product)}`;
    expectStatus(await browser.get(path), 200, 'product page');
    // Added, or refused with a flash when stock ran out: the page comes back either way.
    expectStatus(await browser.post(path, { intent: 'add-to-cart', variantId: variant.id }), 200, 'add to cart');
    if (added) added[variant.sku] = (added[variant.sku] ?? 0) + 1;
  }
  expectStatus(await browser.get(`${webUrl}/cart`), 200, 'cart');
  if (!shopper.signedIn) {
    await signInAsGuest(browser, { webUrl, apiUrl, email: shopper.email });
    shopper.signedIn = true;
  }

  const checkout = await browser.postOnly(`${webUrl}/cart`, { intent: 'checkout' });
  if (checkout.status !== 303 || !checkout.location) throw new Error(`checkout: ${checkout.status}`);
  const payUrl = new URL(checkout.location, webUrl);
  if (!payUrl.pathname.startsWith('/pay/')) {
    // Not enough stock left for the cart: the cart says why; start over with an empty one.
    expectStatus(await browser.get(payUrl.toString()), 200, 'refused checkout');
    outcome.refused += 1;
    expectStatus(await browser.post(`${webUrl}/cart`, { intent: 'clear' }), 200, 'clear cart');
    return;
  }
  await payOrLeave(load, browser, payUrl, added);
}

/**
 * Cancel on the payment page, back to the cart. A press whose answer was lost (its instance died while
 * answering) is pressed again, as Pay is; the first may have cancelled the payment already, and the
 * page then says so (410) with its way back to the shop.
 */
async function cancelPayment(outcome, browser, payUrl, what) {
  const retriedBefore = outcome.retried.length;
  const back = await retrySafe(outcome, 'Cancel', () => browser.post(`${payUrl}/cancel`, {}));
  expectStatus(back, back.status === 410 && outcome.retried.length > retriedBefore ? 410 : 200, what);
}

/** On the payment page: a declined card, a cancel, or Pay (sometimes pressed twice at once), then the confirmation. */
async function payOrLeave({ webUrl, outcome }, browser, payUrl, added) {
  const payPage = expectStatus(await retrySafe(outcome, 'payment page', () => browser.get(payUrl.toString())), 200, 'payment page');
  if (!/Pay €/.test(payPage.text)) throw new Error('the payment page has no Pay button');
  const card = {
    expiry: '12/34',
    cvc: '123',
    name_on_card: 'Ada Rossi',
    shipping_name: 'Ada Rossi',
    shipping_line1: 'Via XX Settembre 1',
    shipping_city: 'Genova',
    shipping_postal_code: '16121',
    shipping_country: 'IT',
  };
  const roll = Math.random();
  if (roll < 0.08) {
    expectStatus(await browser.postOnly(payUrl.toString(), { ...card, card_number: DECLINED_CARD }), 402, 'declined card');
    outcome.declined += 1;
    // Declined, the session stays open for another card; this shopper gives up, which releases the stock.
    await cancelPayment(outcome, browser, payUrl, 'cancelled after a decline');
    expectStatus(await browser.post(`${webUrl}/cart`, { intent: 'clear' }), 200, 'clear cart');
    return;
  }
  if (roll < 0.12) {
    await cancelPayment(outcome, browser, payUrl, 'cancelled payment');
    outcome.cancelled += 1;
    expectStatus(await browser.post(`${webUrl}/cart`, { intent: 'clear' }), 200, 'clear cart');
    return;
  }
  // Some shoppers press Pay twice at once: still one purchase.
  const twice = roll > 0.9;
  const presses = await Promise.all(
    Array.from({ length: twice ? 2 : 1 }, () =>
      retrySafe(outcome, 'Pay', () => browser.postOnly(payUrl.toString(), { ...card, card_number: PAID_CARD })),
    ),
  );
  if (twice) outcome.doublePays += 1;
  // A press whose answer was lost (its instance died) and pressed again meets the session paid: the
  // page says so and links to the order, which the shopper follows.
  const alreadyPaid = presses.find((press) => press.status === 409 && /Already paid/.test(press.text));
  const orderLink = alreadyPaid && /<a href="([^"]+)">See your order<\/a>/.exec(alreadyPaid.text)?.[1];
  const success =
    presses.find((press) => press.status === 303) ?? (orderLink ? { status: 303, location: unescapeHtml(orderLink) } : undefined);
  if (!success || presses.some((press) => press.status !== 303 && press.status !== 409)) {
    throw new Error(`payment: ${presses.map((press) => press.status).join(', ')}`);
  }
  const sessionId = new URL(success.location).searchParams.get('session_id');
  const confirmation = expectStatus(await browser.get(success.location), 200, 'order confirmation');
  if (!ORDER_NUMBER.test(confirmation.text)) throw new Error(`no order number on the confirmation of ${sessionId}`);
  outcome.paid.push(sessionId);
  if (added) outcome.added.set(sessionId, added);
}

/**
 * Shoppers at once, each looping through a whole visit until `seconds` have passed and `until`, if
 * given, has settled (a visit in progress finishes, so no checkout is left half-paid). Meanwhile the
 * stock is sampled through the admin route. Returns what happened, for the ledger check.
 */
export async function runLoad({ webUrl, apiUrl, adminToken, shoppers, seconds, catalogue, label, until }) {
  const stats = createStats();
  const outcome = {
    visits: 0,
    paid: [],
    doublePays: 0,
    refused: 0,
    declined: 0,
    cancelled: 0,
    failures: [],
    retried: [],
    added: new Map(),
  };
  const minStock = {};
  const deadline = Date.now() + seconds * 1000;
  // `until` (a promise) keeps the shoppers going past `seconds` until it settles: faults happen while they buy.
  let waiting = Boolean(until);
  const stopWaiting = () => (waiting = false);
  until?.then(stopWaiting, stopWaiting);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const stock = await stockBySku(apiUrl, adminToken).catch(() => null);
      for (const [sku, quantity] of Object.entries(stock ?? {})) minStock[sku] = Math.min(minStock[sku] ?? Infinity, quantity);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  const load = { webUrl, apiUrl, catalogue, outcome };
  const started = Date.now();
  await Promise.all(
    Array.from({ length: shoppers }, async (_, i) => {
      const shopper = { email: `soak-${label}-${i}-${Date.now()}@example.com`, signedIn: false, clean: true };
      const network = { single: 1, cluster: 2, faults: 4 }[label] ?? 1;
      const browser = createBrowser({ stats, address: `10.${network}.${Math.floor(i / 250)}.${(i % 250) + 1}` });
      while (Date.now() < deadline || waiting) {
        try {
          await visit(load, browser, shopper);
          outcome.visits += 1;
        } catch (error) {
          // A visit cut short may leave lines in the cart: this shopper's later purchases are not counted against what they added.
          shopper.clean = false;
          outcome.failures.push(error instanceof Error ? error.message : String(error));
          if (outcome.failures.length > 20) return;
        }
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  sampling = false;
  await sampler;
  return { stats, outcome, minStock, elapsed };
}

/**
 * The ledger after a run, from the database (`query(sql)` gives rows): stock never below zero,
 * stock sold equals items purchased (plus what open sessions still hold), every paid session one
 * purchase. Returns the problems found, and the totals.
 */
export async function checkLedger({ query, initialStock, finalStock, minStock, paid, since = new Date(0), added = new Map() }) {
  const problems = [];
  const after = `'${since.toISOString()}'::timestamptz`;
  const purchased = Object.fromEntries(
    (
      await query(`SELECT v.sku, SUM(pi.quantity)::int AS quantity FROM purchase_items pi JOIN product_variants v ON v.id = pi.variant_id
        JOIN purchases p ON p.id = pi.purchase_id WHERE p.created_at >= ${after} GROUP BY v.sku`)
    ).map((row) => [row.sku, Number(row.quantity)]),
  );
  const reserved = Object.fromEntries(
    (
      await query(`SELECT v.sku, SUM(i.quantity)::int AS quantity FROM checkout_session_items i
        JOIN checkout_sessions s ON s.id = i.checkout_session_id JOIN product_variants v ON v.id = i.variant_id
        WHERE s.status = 'open' AND s.created_at >= ${after} GROUP BY v.sku`)
    ).map((row) => [row.sku, Number(row.quantity)]),
  );
  for (const sku of Object.keys(initialStock)) {
    const sold = initialStock[sku] - finalStock[sku];
    const accounted = (purchased[sku] ?? 0) + (reserved[sku] ?? 0);
    if (sold !== accounted) problems.push(`${sku}: stock went down by ${sold}, but ${accounted} were bought or held`);
    if (finalStock[sku] < 0 || (minStock[sku] ?? 0) < 0) problems.push(`${sku}: stock below zero`);
  }
  const sessions = await query(`SELECT s.id::text AS id, s.provider_session_id, s.status, COUNT(p.id)::int AS purchases
    FROM checkout_sessions s LEFT JOIN purchases p ON p.checkout_session_id = s.id WHERE s.created_at >= ${after} GROUP BY s.id`);
  const byId = new Map();
  for (const session of sessions) {
    byId.set(session.id, session);
    if (session.provider_session_id) byId.set(session.provider_session_id, session);
    const count = Number(session.purchases);
    if (session.status === 'completed' && count !== 1) problems.push(`session ${session.id} is paid but has ${count} purchases`);
    if (session.status !== 'completed' && count !== 0)
      problems.push(`session ${session.id} is ${session.status} but has ${count} purchases`);
  }
  for (const id of paid) {
    const session = byId.get(id);
    if (!session || session.status !== 'completed') problems.push(`session ${id} was paid but is ${session?.status ?? 'missing'}`);
  }
  // Nothing applied twice: a paid session holds no more of a variant than its shopper added.
  const bought = await query(`SELECT s.id::text AS id, s.provider_session_id, v.sku, pi.quantity FROM purchase_items pi
    JOIN purchases p ON p.id = pi.purchase_id JOIN checkout_sessions s ON s.id = p.checkout_session_id
    JOIN product_variants v ON v.id = pi.variant_id WHERE p.created_at >= ${after}`);
  for (const line of bought) {
    const asked = added.get(line.id) ?? added.get(line.provider_session_id);
    if (asked && Number(line.quantity) > (asked[line.sku] ?? 0))
      problems.push(`session ${line.id}: ${line.quantity} × ${line.sku} bought, ${asked[line.sku] ?? 0} added: applied twice`);
  }
  const [{ count: purchases }] = await query(`SELECT COUNT(*)::int AS count FROM purchases WHERE created_at >= ${after}`);
  const itemsPurchased = Object.values(purchased).reduce((sum, q) => sum + q, 0);
  const soldOut = Object.keys(finalStock).filter((sku) => finalStock[sku] === 0 && initialStock[sku] > 0);
  return { problems, purchases: Number(purchases), itemsPurchased, held: Object.values(reserved).reduce((s, q) => s + q, 0), soldOut };
}
