import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { postcodeValidator } from 'postcode-validator';
import { z } from 'zod';

import { isShippingCountry, SHIPPING_COUNTRIES, SHIPPING_COUNTRY_CODES, type ShippingCountry } from '@contract/address';
import { formatEuro } from '@contract/money';

import type { Address } from '../db/schema.js';
import type { AppEnv } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { setPagePolicy } from '../security-headers.js';
import { closeCheckoutSession, deliveryAddressFor, findCheckoutSession, sessionLines } from '../services/checkout.js';
import { fulfilCheckoutSession } from '../services/checkout-fulfilment.js';
import { noteCheckoutFunnel } from '../services/funnel.js';
import { escapeHtml } from '../services/mail-templates.js';
import { TEST_CARDS } from '../services/payments/test-provider.js';
import { layout, messagePage, PAGE_STYLES } from './test-payment-page.js';

type Session = NonNullable<Awaited<ReturnType<typeof findCheckoutSession>>>;

const digits = (value: string) => value.replace(/[\s-]/g, '');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

const required = (message: string, max = 200) =>
  z.string({ required_error: message }).trim().min(1, message).max(max, `${message} (at most ${max} characters)`);

/** The Luhn check every real card number passes: a mistyped digit is caught before the bank sees it. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A country the shop ships to, chosen by code or typed by name. */
const country = z
  .string({ required_error: 'Choose a country we ship to' })
  .trim()
  .transform((value) => {
    const code = value.toUpperCase();
    if (isShippingCountry(code)) return code;
    return SHIPPING_COUNTRY_CODES.find((c) => SHIPPING_COUNTRIES[c].toLowerCase() === value.toLowerCase()) ?? '';
  })
  .refine((code) => code !== '', 'Choose a country we ship to');

/** What the payment page posts. `now` decides whether the card has expired. */
function paymentForm(now: Date) {
  return z
    .object({
      card_number: z
        .string({ required_error: 'Enter the card number' })
        .transform(digits)
        .pipe(
          z
            .string()
            .regex(/^\d{12,19}$/, 'Enter the card number')
            .refine(passesLuhn, 'This card number is not valid'),
        ),
      expiry: z
        .string({ required_error: 'Enter the expiry as MM/YY' })
        .trim()
        .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, 'Enter the expiry as MM/YY')
        .refine((value) => !cardExpired(value, now), 'This card has expired'),
      cvc: z
        .string({ required_error: 'Enter the 3 or 4 digit CVC' })
        .trim()
        .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit CVC'),
      name_on_card: required('Enter the name on the card', 100),
      ...addressFields,
    })
    .superRefine(postalCodeFits);
}

// Physical goods need somewhere to go: name, street, city, postal code and country are required.
const addressFields = {
  shipping_name: required('Enter the name to deliver to', 100),
  shipping_line1: required('Enter the street and number'),
  shipping_line2: optionalText(200),
  shipping_city: required('Enter the city', 100),
  shipping_state: optionalText(100),
  shipping_postal_code: required('Enter the postal code', 20),
  shipping_country: country,
};

/** A postal code in the shape the chosen country uses (Austria's four digits, the UK's "SW1A 1AA"). */
function postalCodeFits(form: { shipping_country: string; shipping_postal_code: string }, ctx: z.RefinementCtx) {
  if (form.shipping_country && !postcodeValidator(form.shipping_postal_code, form.shipping_country)) {
    ctx.addIssue({
      code: 'custom',
      path: ['shipping_postal_code'],
      message: `Enter a valid postal code for ${SHIPPING_COUNTRIES[form.shipping_country as ShippingCountry]}`,
    });
  }
}

/** What the page posts for a checkout a gift card and store credit paid in full (ADR 052): the address alone. */
const addressOnlyForm = z.object(addressFields).superRefine(postalCodeFits);

/** Cents the card is asked for: the total less what a gift card and store credit paid. */
const dueOf = (session: Session) => session.total - session.gift_card_amount - session.store_credit_amount;

/** A card is good through the last day of its expiry month. */
function cardExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  const fullYear = year < 100 ? 2000 + year : year;
  return Date.UTC(fullYear, month, 1) <= now.getTime();
}
type FormValues = Partial<Record<keyof z.input<ReturnType<typeof paymentForm>>, string>>;

const successTarget = (session: Session) =>
  session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.provider_session_id ?? session.id);

async function paymentPage(
  c: Context<AppEnv>,
  session: Session,
  options: { status?: ContentfulStatusCode; values?: FormValues; errors?: Record<string, string>; alert?: string } = {},
) {
  const lines = await sessionLines(c.var.deps.db, session.id);
  const values = options.values ?? {};
  const errors = options.errors ?? {};
  const invalid = (name: keyof FormValues) => (errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : '');
  const message = (name: keyof FormValues) =>
    errors[name] ? `<div class="error" id="${name}-error">${escapeHtml(errors[name])}</div>` : '';
  const field = (name: keyof FormValues, label: string, attrs = '') => `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" value="${escapeHtml(values[name] ?? '')}" ${attrs}${invalid(name)}>
${message(name)}`;
  const chosenCountry = (values.shipping_country ?? '').toUpperCase();
  const countries = SHIPPING_COUNTRY_CODES.map(
    (code) => `<option value="${code}"${code === chosenCountry ? ' selected' : ''}>${escapeHtml(SHIPPING_COUNTRIES[code])}</option>`,
  ).join('');
  const countryField = `<label for="shipping_country">Country</label>
<select id="shipping_country" name="shipping_country" autocomplete="shipping country" required${invalid('shipping_country')}>
<option value=""${chosenCountry ? '' : ' selected'}>Choose a country</option>${countries}</select>
${message('shipping_country')}`;
  // A gift card or store credit paid part of it (ADR 052): the card is asked for the rest.
  const amount = formatEuro(dueOf(session));
  // Nothing left to pay: the page asks only where the order goes.
  const cardFields =
    dueOf(session) === 0
      ? ''
      : `${field('card_number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" required')}
<div class="row"><div>${field('expiry', 'Expiry', 'placeholder="MM/YY" autocomplete="cc-exp" required')}</div><div>${field('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" required')}</div></div>
${field('name_on_card', 'Name on card', 'autocomplete="cc-name" required')}`;
  const prepaidRows = [
    session.gift_card_amount > 0 ? `<tr><td>Gift card</td><td class="amount">-${formatEuro(session.gift_card_amount)}</td></tr>` : '',
    session.store_credit_amount > 0
      ? `<tr><td>Store credit</td><td class="amount">-${formatEuro(session.store_credit_amount)}</td></tr>`
      : '',
  ].join('');
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
${session.discount > 0 || session.discount_code ? `<tr><td>Discount (${escapeHtml(session.discount_code ?? '')})</td><td class="amount">${session.discount > 0 ? `-${formatEuro(session.discount)}` : 'Free shipping'}</td></tr>` : ''}
<tr><td>Shipping</td><td class="amount">${formatEuro(session.shipping_cost)}</td></tr>
<tr><td>VAT included (22%)</td><td class="amount">${formatEuro(session.tax)}</td></tr>
${prepaidRows}<tr class="total"><td>Total</td><td class="amount">${amount}</td></tr></table>
${options.alert ? `<div class="alert" role="alert">${escapeHtml(options.alert)}</div>` : ''}
<form method="post" action="/pay/${escapeHtml(session.id)}" novalidate>
${cardFields}
<fieldset><legend>Delivery address</legend>
${field('shipping_name', 'Full name', 'autocomplete="shipping name" required')}
${field('shipping_line1', 'Address line 1', 'autocomplete="shipping address-line1" required')}
${field('shipping_line2', 'Address line 2 (optional)', 'autocomplete="shipping address-line2"')}
<div class="row"><div>${field('shipping_postal_code', 'Postal code', 'autocomplete="shipping postal-code" required')}</div><div>${field('shipping_city', 'City', 'autocomplete="shipping address-level2" required')}</div></div>
<div class="row"><div>${field('shipping_state', 'State or province (optional)', 'autocomplete="shipping address-level1"')}</div><div>${countryField}</div></div>
</fieldset>
<button type="submit">Pay ${amount}${dueOf(session) === 0 ? ' and place the order' : ''}</button>
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
      return messagePage(c, 409, 'Already paid', 'This order has already been paid.', {
        href: successTarget(session),
        label: 'See your order',
      });
    case 'expired':
      return messagePage(
        c,
        410,
        'Payment session expired',
        'This payment session has expired. Return to the shop and check out again.',
        back,
      );
    case 'declined':
      return messagePage(c, 402, 'Payment declined', 'Your card was declined. No payment was taken.', back);
    case 'refund_pending':
    case 'refunded':
      return messagePage(c, 409, 'Payment refunded', 'This payment was refunded: the checkout had closed before it arrived.', back);
    default:
      return messagePage(c, 410, 'Payment cancelled', 'This payment was cancelled.', back);
  }
}

function shippingAddress(form: z.output<typeof addressOnlyForm>): Address {
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
  return c.html(
    layout(
      'Payment declined',
      `<h1>Payment declined</h1><p role="alert">Your card was declined. No payment was taken.</p>
<div class="actions"><form method="post" action="/pay/${escapeHtml(session.id)}/again">${hidden}<button type="submit">Try another card</button></form>
<form method="post" action="/pay/${escapeHtml(session.id)}/cancel"><button type="submit" class="link">Cancel and return to the shop</button></form></div>`,
    ),
    402,
  );
}

/** A checkout paid in full by a gift card and store credit: its address, then the order (ADR 052). */
async function placePrepaidOrder(c: Context<AppEnv>, session: Session, values: FormValues) {
  const parsed = addressOnlyForm.safeParse(values);
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    return paymentPage(c, session, { status: 422, values, errors, alert: 'Please check the highlighted fields.' });
  }
  try {
    await fulfilCheckoutSession(c.var.deps, session.id, {
      paymentMethod: session.gift_card_amount > 0 ? 'Gift card' : 'Store credit',
      shippingAddress: shippingAddress(parsed.data),
      billingAddress: null,
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'payment_refunded') {
      return messagePage(c, 409, 'Order not placed', error.detail, { href: session.cancel_url, label: 'Return to the shop' });
    }
    throw error;
  }
  return c.redirect(successTarget(session), 303);
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
    if (dueOf(session) === 0) return placePrepaidOrder(c, session, values);
    const parsed = paymentForm(c.var.deps.clock.now()).safeParse(values);
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
      return paymentPage(c, session, { status: 422, values, errors, alert: 'Please check the highlighted fields.' });
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
        errors: { card_number: 'This test page accepts only the test cards shown above' },
        alert: 'Your card number was not accepted.',
      });
    }
    try {
      await fulfilCheckoutSession(c.var.deps, session.id, {
        paymentMethod: `Credit Card ending in ${form.card_number.slice(-4)}`,
        shippingAddress: shippingAddress(form),
        billingAddress: null,
      });
    } catch (error) {
      // The shopper's newer checkout took this one's place while the card was being read: paid, and given back.
      if (error instanceof DomainError && error.code === 'payment_refunded') {
        return messagePage(c, 409, 'Payment refunded', error.detail, { href: session.cancel_url, label: 'Return to the shop' });
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
    return paymentPage(c, session, { values, alert: 'Your card was declined. Enter another card.' });
  });

  app.post('/pay/:sessionId/cancel', async (c) => {
    const session = await payableSession(c);
    if (session instanceof Response) return session;
    await closeCheckoutSession(c.var.deps.db, session.id, 'cancelled', c.var.deps.clock.now());
    return c.redirect(session.cancel_url, 303);
  });

  return app;
}
