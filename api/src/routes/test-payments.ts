import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

import { SHIPPING_COUNTRY_CODES } from '@contract/address';
import { BRAND } from '@contract/brand';
import { formatEuro } from '@contract/money';

import type { Address } from '../db/schema.js';
import type { AppEnv } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { setPagePolicy, styleHash } from '../security-headers.js';
import { closeCheckoutSession, deliveryAddressFor, findCheckoutSession, sessionLines } from '../services/checkout.js';
import { fulfilCheckoutSession } from '../services/checkout-fulfilment.js';
import { noteCheckoutFunnel } from '../services/funnel.js';
import { escapeHtml } from '../services/mail-templates.js';
import { TEST_CARDS } from '../services/payments/test-provider.js';
import { cardOnlyForm, type FormValues, paymentForm } from './test-payment-form.js';
import { PAY_WORDS, type PayWords } from './test-payment-words.js';

type Session = NonNullable<Awaited<ReturnType<typeof findCheckoutSession>>>;

/** The page speaks the order's language (the checkout's, migration 036); English before it had one. */
const wordsOf = (session: Session): PayWords => PAY_WORDS[session.locale === 'it' ? 'it' : 'en'];

/** Cents the card is asked for: the total less what a gift card and store credit paid (ADR 052). */
const dueOf = (session: Session) => session.total - session.gift_card_amount - session.store_credit_amount;

const successTarget = (session: Session) =>
  session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.provider_session_id ?? session.id);

const PAGE_CSS = `body{margin:0;background:#f4f1ec;font-family:Helvetica,Arial,sans-serif;color:#1d1d1f}
main{max-width:560px;margin:32px auto;background:#fff;border-radius:12px;padding:28px}
h1{font-size:22px;margin:0 0 4px}.brand{font-size:13px;letter-spacing:.3em;font-weight:700}
.note{font-size:13px;color:#6b6b6b}table{width:100%;border-collapse:collapse;margin:16px 0}
td{padding:6px 0;vertical-align:top}td.amount{text-align:right;white-space:nowrap}tr.total td{font-weight:700;border-top:1px solid #ddd;padding-top:10px}
label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #bbb;border-radius:8px;font-size:16px}
.row{display:flex;gap:12px}.row>div{flex:1}select{width:100%;box-sizing:border-box;padding:10px;border:1px solid #bbb;border-radius:8px;font-size:16px;background:#fff}
.actions{display:flex;flex-direction:column;gap:8px;margin-top:16px}.actions a.button{display:block;text-align:center;padding:14px;border-radius:999px;background:#1d1d1f;color:#fff;text-decoration:none;font-weight:700}fieldset{border:1px solid #ddd;border-radius:8px;margin:18px 0;padding:4px 14px 14px}
button{margin-top:20px;width:100%;padding:14px;border:0;border-radius:999px;background:#1d1d1f;color:#fff;font-size:16px;font-weight:700;cursor:pointer}
button.link{background:none;color:#1d1d1f;text-decoration:underline;font-weight:400;margin-top:8px}
.beside{font-size:13px;color:#6b6b6b;margin:0 0 4px}.error{color:#b00020;font-size:13px;margin-top:4px}.alert{background:#fdecee;color:#b00020;border-radius:8px;padding:12px;margin:16px 0}
a{color:#1d1d1f}
`;
const PAGE_STYLES = [styleHash(PAGE_CSS)];

function layout(w: PayWords, title: string, body: string): string {
  return `<!doctype html>
<html lang="${w.htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(BRAND.name)} ${escapeHtml(w.titleSuffix)}</title>
<style>${PAGE_CSS}</style></head>
<body><main><div class="brand">${escapeHtml(BRAND.name)}</div>${body}</main></body></html>`;
}

function messagePage(
  c: Context<AppEnv>,
  w: PayWords,
  status: ContentfulStatusCode,
  title: string,
  text: string,
  link?: { href: string; label: string },
) {
  c.header('Cache-Control', 'no-store');
  setPagePolicy(c, { styles: PAGE_STYLES });
  return c.html(
    layout(
      w,
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
  const w = wordsOf(session);
  // Gift cards alone go nowhere (ADR 064): the page asks for the card only.
  const shipsGoods = lines.some((line) => !line.gift_card);
  const locale = w.htmlLang === 'it' ? 'it' : 'en';
  const euro = (cents: number) => formatEuro(cents, locale);
  const values = options.values ?? {};
  const errors = options.errors ?? {};
  // An Italian page: each named control's Italian beside its English name, and as its description.
  const beside = (name: keyof FormValues) => w.beside?.[name];
  const invalid = (name: keyof FormValues) => {
    const described = [beside(name) ? `${name}-beside` : '', errors[name] ? `${name}-error` : ''].filter(Boolean).join(' ');
    return `${errors[name] ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}`;
  };
  const labelOf = (name: keyof FormValues, label: string) =>
    beside(name)
      ? `<label for="${name}" lang="en">${escapeHtml(label)}</label><div class="beside" id="${name}-beside">${escapeHtml(beside(name)!)}</div>`
      : `<label for="${name}">${escapeHtml(label)}</label>`;
  const message = (name: keyof FormValues) =>
    errors[name] ? `<div class="error" id="${name}-error">${escapeHtml(errors[name])}</div>` : '';
  const field = (name: keyof FormValues, label: string, attrs = '') => `${labelOf(name, label)}
<input id="${name}" name="${name}" value="${escapeHtml(values[name] ?? '')}" ${attrs}${invalid(name)}>
${message(name)}`;
  const chosenCountry = (values.shipping_country ?? '').toUpperCase();
  const countries = SHIPPING_COUNTRY_CODES.map(
    (code) => `<option value="${code}"${code === chosenCountry ? ' selected' : ''}>${escapeHtml(w.countryName(code))}</option>`,
  ).join('');
  const countryField = `${labelOf('shipping_country', w.country)}
<select id="shipping_country" name="shipping_country" autocomplete="shipping country" required${invalid('shipping_country')}>
<option value=""${chosenCountry ? '' : ' selected'}>${escapeHtml(w.chooseCountry)}</option>${countries}</select>
${message('shipping_country')}`;
  // A gift card or store credit paid part of it (ADR 052): the card is asked for the rest. A checkout
  // they pay in full never comes here: the shop asks for its address itself (ADR 062).
  const amount = euro(dueOf(session));
  const cardFields = `${field('card_number', w.cardNumber, 'inputmode="numeric" autocomplete="cc-number" required')}
<div class="row"><div>${field('expiry', w.expiry, 'placeholder="MM/YY" autocomplete="cc-exp" required')}</div><div>${field('cvc', w.cvc, 'inputmode="numeric" autocomplete="cc-csc" required')}</div></div>
${field('name_on_card', w.nameOnCard, 'autocomplete="cc-name" required')}`;
  const addressFieldset = `<fieldset><legend>${escapeHtml(w.deliveryAddress)}</legend>
${field('shipping_name', w.fullName, 'autocomplete="shipping name" required')}
${field('shipping_line1', w.line1, 'autocomplete="shipping address-line1" required')}
${field('shipping_line2', w.line2, 'autocomplete="shipping address-line2"')}
<div class="row"><div>${field('shipping_postal_code', w.postalCode, 'autocomplete="shipping postal-code" required')}</div><div>${field('shipping_city', w.city, 'autocomplete="shipping address-level2" required')}</div></div>
<div class="row"><div>${field('shipping_state', w.state, 'autocomplete="shipping address-level1"')}</div><div>${countryField}</div></div>
</fieldset>`;
  const prepaidRows = [
    session.gift_card_amount > 0
      ? `<tr><td>${escapeHtml(w.giftCard)}</td><td class="amount">-${euro(session.gift_card_amount)}</td></tr>`
      : '',
    session.store_credit_amount > 0
      ? `<tr><td>${escapeHtml(w.storeCredit)}</td><td class="amount">-${euro(session.store_credit_amount)}</td></tr>`
      : '',
  ].join('');
  // Both forms post here and are answered with a redirect back to the shop.
  setPagePolicy(c, { styles: PAGE_STYLES, formTargets: [session.success_url, session.cancel_url] });
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${l.quantity} × ${escapeHtml(l.name)}<div class="note">${escapeHtml([l.description, l.sku].filter(Boolean).join(' · '))}</div></td><td class="amount">${euro(l.unit_price * l.quantity)}</td></tr>`,
    )
    .join('');
  c.header('Cache-Control', 'no-store');
  return c.html(
    layout(
      w,
      w.pay,
      `<h1>${escapeHtml(w.payAmount(amount))}</h1>
<p class="note">${escapeHtml(w.testNote)}</p>
<table>${rows}
${session.discount > 0 || session.discount_code ? `<tr><td>${escapeHtml(w.discount(session.discount_code ?? ''))}</td><td class="amount">${session.discount > 0 ? `-${euro(session.discount)}` : escapeHtml(w.freeShipping)}</td></tr>` : ''}
<tr><td>${escapeHtml(w.shipping)}</td><td class="amount">${euro(session.shipping_cost)}</td></tr>
<tr><td>${escapeHtml(w.vat)}</td><td class="amount">${euro(session.tax)}</td></tr>
${prepaidRows}<tr class="total"><td>${escapeHtml(w.total)}</td><td class="amount">${amount}</td></tr></table>
${options.alert ? `<div class="alert" role="alert">${escapeHtml(options.alert)}</div>` : ''}
<form method="post" action="/pay/${escapeHtml(session.id)}" novalidate>
${cardFields}
${shipsGoods ? addressFieldset : ''}
<button type="submit">${escapeHtml(w.payButton(amount))}</button>
</form>
<form method="post" action="/pay/${escapeHtml(session.id)}/cancel"><button type="submit" class="link">${escapeHtml(w.cancel)}</button></form>`,
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
    // No order to take a language from: the page the shopper came from says it.
    const w = PAY_WORDS[c.var.locale === 'it' ? 'it' : 'en'];
    return messagePage(c, w, 404, w.notFoundTitle, w.notFoundText);
  }
  if (session.status === 'open' && session.expires_at <= clock.now()) {
    await closeCheckoutSession(db, session.id, 'expired', clock.now());
    session = (await findCheckoutSession(db, id))!;
  }
  const w = wordsOf(session);
  const back = { href: session.cancel_url, label: w.backToShop };
  switch (session.status) {
    case 'open':
      return session;
    case 'completed':
      return messagePage(c, w, 409, w.paidTitle, w.paidText, { href: successTarget(session), label: w.seeOrder });
    case 'expired':
      return messagePage(c, w, 410, w.expiredTitle, w.expiredText, back);
    case 'declined':
      return messagePage(c, w, 402, w.declinedTitle, w.declinedText, back);
    case 'refund_pending':
    case 'refunded':
      return messagePage(c, w, 409, w.refundedTitle, w.refundedText, back);
    default:
      return messagePage(c, w, 410, w.cancelledTitle, w.cancelledText, back);
  }
}

function shippingAddress(form: z.output<ReturnType<typeof paymentForm>>): Address {
  return {
    name: form.shipping_name,
    line1: form.shipping_line1,
    line2: form.shipping_line2,
    city: form.shipping_city,
    state: form.shipping_state,
    postal_code: form.shipping_postal_code,
    country: form.shipping_country,
  };
}

/** The form's first values: the buyer's last delivery address (or their name), ready to confirm. */
async function prefilled(c: Context<AppEnv>, session: Session): Promise<FormValues> {
  const address = session.user_id ? await deliveryAddressFor(c.var.deps.db, session.user_id) : null;
  if (!address) return {};
  const values: FormValues = {
    shipping_name: address.name ?? undefined,
    shipping_line1: address.line1 ?? undefined,
    shipping_line2: address.line2 ?? undefined,
    shipping_city: address.city ?? undefined,
    shipping_state: address.state ?? undefined,
    shipping_postal_code: address.postal_code ?? undefined,
    shipping_country: address.country ?? undefined,
  };
  return values;
}

/** What the page gives back after a decline: everything typed but the card number and its CVC. */
const KEPT_AFTER_DECLINE = [
  'expiry',
  'name_on_card',
  'shipping_name',
  'shipping_line1',
  'shipping_line2',
  'shipping_city',
  'shipping_state',
  'shipping_postal_code',
  'shipping_country',
] as const;

function keptValues(values: FormValues): FormValues {
  return Object.fromEntries(
    KEPT_AFTER_DECLINE.flatMap((name) => (typeof values[name] === 'string' ? [[name, values[name]!.slice(0, 200)]] : [])),
  ) as FormValues;
}

/**
 * A declined card: nothing was taken; another card on the same session, or back to the shop. "Try
 * another card" posts back what was typed (the card number and CVC aside), so the form opens filled.
 */
function declinedPage(c: Context<AppEnv>, session: Session, values: FormValues) {
  c.header('Cache-Control', 'no-store');
  setPagePolicy(c, { styles: PAGE_STYLES, formTargets: [session.cancel_url] });
  const hidden = Object.entries(keptValues(values))
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value ?? '')}">`)
    .join('');
  const w = wordsOf(session);
  return c.html(
    layout(
      w,
      w.declinedTitle,
      `<h1>${escapeHtml(w.declinedTitle)}</h1><p role="alert">${escapeHtml(w.declinedText)}</p>
<div class="actions"><form method="post" action="/pay/${escapeHtml(session.id)}/again">${hidden}<button type="submit">${escapeHtml(w.tryAnother)}</button></form>
<form method="post" action="/pay/${escapeHtml(session.id)}/cancel"><button type="submit" class="link">${escapeHtml(w.cancel)}</button></form></div>`,
    ),
    402,
  );
}

/** The hosted page of the built-in test payment provider (ARCHITECTURE.md), at /pay/<session id>. */
export function testPaymentRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/pay/:sessionId', async (c) => {
    const session = await payableSession(c);
    if (session instanceof Response) return session;
    // The funnel's "payment page reached" (issue 41): each time the page is served for an open checkout.
    await noteCheckoutFunnel(c.var.deps, c.var.deps.clock.now(), session.id, 'payment_page');
    return paymentPage(c, session, { values: await prefilled(c, session) });
  });

  app.post('/pay/:sessionId', async (c) => {
    const session = await payableSession(c);
    if (session instanceof Response) return session;
    const raw = await c.req.parseBody();
    const values: FormValues = Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'string')) as FormValues;
    const w = wordsOf(session);
    const now = c.var.deps.clock.now();
    const goods = (await sessionLines(c.var.deps.db, session.id)).some((line) => !line.gift_card);
    // Gift cards alone: the card only (ADR 064).
    const withAddress = goods ? paymentForm(now, w).safeParse(values) : null;
    const parsed = withAddress ?? cardOnlyForm(now, w).safeParse(values);
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
      return paymentPage(c, session, { status: 422, values, errors, alert: w.checkFields });
    }
    const form = parsed.data;
    if (form.card_number === TEST_CARDS.declined) {
      // As a real provider does: the session stays open (and the stock held) for another card.
      return declinedPage(c, session, values);
    }
    if (form.card_number !== TEST_CARDS.paid) {
      return paymentPage(c, session, {
        status: 422,
        values: { ...values, card_number: '' },
        errors: { card_number: w.onlyTestCards },
        alert: w.notAccepted,
      });
    }
    try {
      await fulfilCheckoutSession(c.var.deps, session.id, {
        paymentMethod: `Credit Card ending in ${form.card_number.slice(-4)}`,
        shippingAddress: withAddress?.success ? shippingAddress(withAddress.data) : null,
        billingAddress: null,
      });
    } catch (error) {
      // The shopper's newer checkout took this one's place while the card was being read: paid, and given back.
      if (error instanceof DomainError && error.code === 'payment_refunded') {
        return messagePage(c, w, 409, w.refundedTitle, w === PAY_WORDS.en ? error.detail : w.refundedText, {
          href: session.cancel_url,
          label: w.backToShop,
        });
      }
      throw error;
    }
    return c.redirect(successTarget(session), 303);
  });

  // After a decline: the form again, filled with what was typed but the card.
  app.post('/pay/:sessionId/again', async (c) => {
    const session = await payableSession(c);
    if (session instanceof Response) return session;
    const raw = await c.req.parseBody();
    const values = keptValues(Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'string')) as FormValues);
    return paymentPage(c, session, { values, alert: wordsOf(session).declinedAgain });
  });

  app.post('/pay/:sessionId/cancel', async (c) => {
    const session = await payableSession(c);
    if (session instanceof Response) return session;
    await closeCheckoutSession(c.var.deps.db, session.id, 'cancelled', c.var.deps.clock.now());
    return c.redirect(session.cancel_url, 303);
  });

  return app;
}
