import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { BRAND } from '@contract/brand';
import { formatEuro } from '@contract/money';
import type { AppEnv } from '../app.js';
import type { Address } from '../db/schema.js';
import { closeCheckoutSession, findCheckoutSession, sessionLines } from '../services/checkout.js';
import { fulfilCheckoutSession } from '../services/checkout-fulfilment.js';
import { escapeHtml } from '../services/mail-templates.js';
import { setPagePolicy, styleHash } from '../security-headers.js';
import { TEST_CARDS } from '../services/payments/test-provider.js';

type Session = NonNullable<Awaited<ReturnType<typeof findCheckoutSession>>>;

const digits = (value: string) => value.replace(/[\s-]/g, '');
const optionalText = (max: number) => z.string().trim().max(max).optional().transform((v) => (v ? v : null));

const required = (message: string) => z.string({ required_error: message }).trim();

const paymentForm = z.object({
  card_number: required('Enter the card number').transform(digits).pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number')),
  expiry: required('Enter the expiry as MM/YY').regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, 'Enter the expiry as MM/YY'),
  cvc: required('Enter the 3 or 4 digit CVC').regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit CVC'),
  name_on_card: required('Enter the name on the card').min(1, 'Enter the name on the card').max(100),
  // Delivery address: every part optional.
  shipping_name: optionalText(100),
  shipping_line1: optionalText(200),
  shipping_line2: optionalText(200),
  shipping_city: optionalText(100),
  shipping_state: optionalText(100),
  shipping_postal_code: optionalText(20),
  shipping_country: optionalText(60),
});
type FormValues = Partial<Record<keyof z.input<typeof paymentForm>, string>>;

const successTarget = (session: Session) => session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.provider_session_id ?? session.id);

const PAGE_CSS = `body{margin:0;background:#f4f1ec;font-family:Helvetica,Arial,sans-serif;color:#1d1d1f}
main{max-width:560px;margin:32px auto;background:#fff;border-radius:12px;padding:28px}
h1{font-size:22px;margin:0 0 4px}.brand{font-size:13px;letter-spacing:.3em;font-weight:700}
.note{font-size:13px;color:#6b6b6b}table{width:100%;border-collapse:collapse;margin:16px 0}
td{padding:6px 0;vertical-align:top}td.amount{text-align:right;white-space:nowrap}tr.total td{font-weight:700;border-top:1px solid #ddd;padding-top:10px}
label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #bbb;border-radius:8px;font-size:16px}
.row{display:flex;gap:12px}.row>div{flex:1}fieldset{border:1px solid #ddd;border-radius:8px;margin:18px 0;padding:4px 14px 14px}
button{margin-top:20px;width:100%;padding:14px;border:0;border-radius:999px;background:#1d1d1f;color:#fff;font-size:16px;font-weight:700;cursor:pointer}
button.link{background:none;color:#1d1d1f;text-decoration:underline;font-weight:400;margin-top:8px}
.error{color:#b00020;font-size:13px;margin-top:4px}.alert{background:#fdecee;color:#b00020;border-radius:8px;padding:12px;margin:16px 0}
a{color:#1d1d1f}
`;
const PAGE_STYLES = [styleHash(PAGE_CSS)];

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(BRAND.name)} test payments</title>
<style>${PAGE_CSS}</style></head>
<body><main><div class="brand">${escapeHtml(BRAND.name)}</div>${body}</main></body></html>`;
}

function messagePage(c: Context<AppEnv>, status: ContentfulStatusCode, title: string, text: string, link?: { href: string; label: string }) {
  c.header('Cache-Control', 'no-store');
  setPagePolicy(c, { styles: PAGE_STYLES });
  return c.html(
    layout(
      title,
      `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(text)}</p>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}`,
    ),
    status,
  );
}

async function paymentPage(
  c: Context<AppEnv>,
  session: Session,
  options: { status?: ContentfulStatusCode; values?: FormValues; errors?: Record<string, string>; alert?: string } = {},
) {
  const lines = await sessionLines(c.var.deps.db, session.id);
  const values = options.values ?? {};
  const errors = options.errors ?? {};
  const field = (name: keyof FormValues, label: string, attrs = '') => `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" value="${escapeHtml(values[name] ?? '')}" ${attrs}${errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>
${errors[name] ? `<div class="error" id="${name}-error">${escapeHtml(errors[name])}</div>` : ''}`;
  const amount = formatEuro(session.total);
  // Both forms post here and are answered with a redirect back to the shop.
  setPagePolicy(c, { styles: PAGE_STYLES, formTargets: [session.success_url, session.cancel_url] });
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${l.quantity} × ${escapeHtml(l.name)}<div class="note">${escapeHtml([l.description, l.sku].filter(Boolean).join(' · '))}</div></td><td class="amount">${formatEuro(l.unit_price * l.quantity)}</td></tr>`,
    )
    .join('');
  c.header('Cache-Control', 'no-store');
  return c.html(
    layout(
      'Pay',
      `<h1>Pay ${amount}</h1>
<p class="note">Test payment page: no real card is charged. Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined card. Any expiry, CVC and name.</p>
<table>${rows}
<tr><td>Shipping</td><td class="amount">${session.shipping_cost === 0 ? 'Free' : formatEuro(session.shipping_cost)}</td></tr>
<tr><td>VAT included (22%)</td><td class="amount">${formatEuro(session.tax)}</td></tr>
<tr class="total"><td>Total</td><td class="amount">${amount}</td></tr></table>
${options.alert ? `<div class="alert" role="alert">${escapeHtml(options.alert)}</div>` : ''}
<form method="post" action="/pay/${escapeHtml(session.id)}" novalidate>
${field('card_number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" required')}
<div class="row"><div>${field('expiry', 'Expiry', 'placeholder="MM/YY" autocomplete="cc-exp" required')}</div><div>${field('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" required')}</div></div>
${field('name_on_card', 'Name on card', 'autocomplete="cc-name" required')}
<fieldset><legend>Delivery address (optional)</legend>
${field('shipping_name', 'Full name', 'autocomplete="shipping name"')}
${field('shipping_line1', 'Address line 1', 'autocomplete="shipping address-line1"')}
${field('shipping_line2', 'Address line 2', 'autocomplete="shipping address-line2"')}
<div class="row"><div>${field('shipping_postal_code', 'Postal code', 'autocomplete="shipping postal-code"')}</div><div>${field('shipping_city', 'City', 'autocomplete="shipping address-level2"')}</div></div>
<div class="row"><div>${field('shipping_state', 'State or province', 'autocomplete="shipping address-level1"')}</div><div>${field('shipping_country', 'Country', 'autocomplete="shipping country-name"')}</div></div>
</fieldset>
<button type="submit">Pay ${amount}</button>
</form>
<form method="post" action="/pay/${escapeHtml(session.id)}/cancel"><button type="submit" class="link">Cancel and return to the shop</button></form>`,
    ),
    options.status ?? 200,
  );
}

/** A session that can still be paid, or the page that says why not. */
async function payableSession(c: Context<AppEnv>): Promise<Session | Response> {
  const { db, clock } = c.var.deps;
  const id = c.req.param('sessionId') ?? '';
  let session = await findCheckoutSession(db, id);
  if (!session || session.provider !== 'test' || session.id !== id) {
    return messagePage(c, 404, 'Payment session not found', 'This payment link is not valid.');
  }
  if (session.status === 'open' && session.expires_at <= clock.now()) {
    await closeCheckoutSession(db, session.id, 'expired', clock.now());
    session = (await findCheckoutSession(db, id))!;
  }
  const back = { href: session.cancel_url, label: 'Return to the shop' };
  switch (session.status) {
    case 'open':
      return session;
    case 'completed':
      return messagePage(c, 409, 'Already paid', 'This order has already been paid.', { href: successTarget(session), label: 'See your order' });
    case 'expired':
      return messagePage(c, 410, 'Payment session expired', 'This payment session has expired. Return to the shop and check out again.', back);
    case 'declined':
      return messagePage(c, 402, 'Payment declined', 'Your card was declined. No payment was taken.', back);
    default:
      return messagePage(c, 410, 'Payment cancelled', 'This payment was cancelled.', back);
  }
}

function shippingAddress(form: z.output<typeof paymentForm>): Address | null {
  const address: Address = {
    name: form.shipping_name,
    line1: form.shipping_line1,
    line2: form.shipping_line2,
    city: form.shipping_city,
    state: form.shipping_state,
    postal_code: form.shipping_postal_code,
    country: form.shipping_country,
  };
  return Object.values(address).some(Boolean) ? address : null;
}

/** The hosted page of the built-in test payment provider (ARCHITECTURE.md), at /pay/<session id>. */
export function testPaymentRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/pay/:sessionId', async (c) => {
    const session = await payableSession(c);
    return session instanceof Response ? session : paymentPage(c, session);
  });

  app.post('/pay/:sessionId', async (c) => {
    const session = await payableSession(c);
    if (session instanceof Response) return session;
    const raw = await c.req.parseBody();
    const values: FormValues = Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'string')) as FormValues;
    const parsed = paymentForm.safeParse(values);
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
      return paymentPage(c, session, { status: 422, values, errors, alert: 'Please check the highlighted fields.' });
    }
    const form = parsed.data;
    if (form.card_number === TEST_CARDS.declined) {
      await closeCheckoutSession(c.var.deps.db, session.id, 'declined', c.var.deps.clock.now());
      return messagePage(c, 402, 'Payment declined', 'Your card was declined. No payment was taken.', {
        href: session.cancel_url,
        label: 'Return to the shop',
      });
    }
    if (form.card_number !== TEST_CARDS.paid) {
      return paymentPage(c, session, {
        status: 422,
        values: { ...values, card_number: '' },
        errors: { card_number: 'This test page accepts only the test cards shown above' },
        alert: 'Your card number was not accepted.',
      });
    }
    await fulfilCheckoutSession(c.var.deps, session.id, {
      paymentMethod: `Credit Card ending in ${form.card_number.slice(-4)}`,
      shippingAddress: shippingAddress(form),
      billingAddress: null,
    });
    return c.redirect(successTarget(session), 303);
  });

  app.post('/pay/:sessionId/cancel', async (c) => {
    const session = await payableSession(c);
    if (session instanceof Response) return session;
    await closeCheckoutSession(c.var.deps.db, session.id, 'cancelled', c.var.deps.clock.now());
    return c.redirect(session.cancel_url, 303);
  });

  return app;
}
