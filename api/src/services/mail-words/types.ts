import type { ShopLocale } from '@contract/locale';

/**
 * Every word the API mails to shoppers, in each of the shop's languages (ADR 046): sign-in codes,
 * welcome, orders (confirmation, shipping, delivery, refunds, returns and exchanges), back-in-stock
 * and launch emails, contact acknowledgements, and the PDF receipt. An email speaks the language it
 * was asked in (the storefront's Accept-Language) or the one recorded on what it is about (an
 * account, an order, a back-in-stock request). English is the shop's wording as it always was; the
 * Italian is the shop's own Italian, not a word-for-word copy. The back office's emails stay English.
 */
export interface MailWords {
  locale: ShopLocale;
  /** The footer line and the HTML's language. */
  tagline: string;
  money(cents: number): string;
  /** A day as the emails say it: '2026-12-05' in English, '5 dicembre 2026' in Italian. */
  day(at: Date | string): string;
  /** A launch's instant in the shop's time, its zone named. */
  launchTime(at: Date | string): string;
  /** A storefront page's path in this language (`/orders` → `/it/orders`). */
  page(path: string): string;
  verification: {
    subject(code: string): string;
    heading: string;
    register: string;
    guest: string;
    validity: string;
  };
  reset: { subject(code: string): string; heading: string; text: string; validity: string };
  welcome: { subject(firstName: string): string; heading(firstName: string): string; text: string; notYou: string; action: string };
  confirmation: {
    subject(number: string): string;
    heading: string;
    received(number: string): string;
    totals(t: { subtotal: string; shipping: string | null; total: string; vat: string }): string;
    deliveryTo(address: string): string;
    estimated(day: string): string;
    cards(names: string[]): string;
    receipt(url: string): string;
    createAccount(url: string): string;
    action: string;
  };
  shipped: {
    subject(number: string): string;
    heading: string;
    left(number: string, carrier: string): string;
    tracking(number: string): string;
    action: string;
  };
  delivered: {
    subject(number: string): string;
    heading: string;
    arrived(number: string): string;
    returns(days: number): string;
    action: string;
  };
  /** `reason` is the shop's own English sentence of why (an item sold out, a limit, a code used up). */
  refundedPayment: { subject: string; heading: string; text(amount: string, reason: string): string };
  returns: {
    line(quantity: number, label: string, exchange: string | null): string;
    requestedSubject(number: string, order: string): string;
    requestedHeading(number: string): string;
    requested(order: string, lines: string): string;
    putAside: string;
    howToSend(number: string, address: string): string;
    exchangeNext: string;
    refundNext: string;
    address: string;
    receivedSubject(number: string): string;
    receivedHeading: string;
    received(number: string, order: string): string;
    receivedExchange: string;
    receivedRefund: string;
    exchangeSubject(number: string): string;
    exchangeHeading: string;
    exchangeShipped(number: string, order: string, carrier: string, lines: string): string;
    tracking(number: string): string;
    nothingToPay: string;
    track: string;
    cancelledSubject(number: string): string;
    cancelledHeading: string;
    cancelled(number: string, order: string): string;
    questions: string;
  };
  backInStock: {
    subject(product: string): string;
    heading(product: string): string;
    available(item: string): string;
    hurry: string;
    action: string;
  };
  launch: {
    subject(product: string): string;
    heading(product: string): string;
    live(product: string): string;
    limit(units: number): string;
    action: string;
  };
  wishlist: {
    launchSubject(item: string): string;
    stockSubject(item: string): string;
    heading: string;
    launchText(item: string, launch: string): string;
    stockText(item: string): string;
    changedMind: string;
    stopLaunch: string;
    stopStock: string;
  };
  contact: {
    subject: string;
    heading: string;
    received(reason: string): string;
    hours: string;
    reference(id: string): string;
    reasons: Record<string, string>;
  };
  receipt: {
    title(number: string): string;
    heading: string;
    orderNumber(number: string): string;
    date(day: string): string;
    status(status: string): string;
    buyer(who: string): string;
    shippingAddress: string;
    billingAddress: string;
    columns: [string, string, string, string];
    refundedUnits(quantity: number): string;
    sku(sku: string): string;
    subtotal: string;
    shipping: string;
    free: string;
    discount(code: string | null): string;
    freeShipping: string;
    total: string;
    vat: string;
    refunded: string;
    paidAfterRefunds: string;
    paymentMethod(method: string): string;
    footer: string;
    statuses: Record<string, string>;
  };
  /** 'Credit Card ending in 4242' as the payment providers record it, in this language. */
  paymentMethod(method: string): string;
}
