// The buyer's email about a refund or a cancellation (ADR 023), in the order's language: how much, and
// where each part of it went (ADR 052: back to the gift card and the store credit first, the rest to
// the payment method; or all as store credit, with the owner's bonus).
import { BRAND } from '@contract/brand';
import type { ShopLocale } from '@contract/locale';

import { renderEmail } from '../mail-templates.js';
import { mailWords } from '../mail-words.js';
import { providerPart, type RefundSplit } from './balances.js';
import type { RefundRow } from './read.js';

interface RefundWords {
  cancelledSubject(number: string): string;
  cancelledHeading: string;
  /** A cancellation refunded wholly to the payment method: one sentence says both. */
  cancelled(number: string, amount: string): string;
  cancelledAmount(number: string, amount: string): string;
  subject(number: string): string;
  heading(amount: string): string;
  refunded(amount: string, number: string): string;
  /** Each part of the money, where it went. */
  toPayment(amount: string): string;
  toGiftCard(amount: string, last4: string): string;
  toStoreCredit(amount: string): string;
  asStoreCredit(amount: string): string;
  bonus(amount: string): string;
  inAll(amount: string): string;
  forUnits(units: string): string;
  timing: string;
  /** The same, when only part of the money went to the payment method. */
  timingOfPart: string;
  balancesAtOnce: string;
  questions: string;
}

const WORDS: Record<ShopLocale, RefundWords> = {
  en: {
    cancelledSubject: (number) => `Your ${BRAND.name} order ${number} has been cancelled`,
    cancelledHeading: 'Your order is cancelled',
    cancelled: (number, amount) => `Order ${number} has been cancelled and ${amount} refunded to your payment method.`,
    cancelledAmount: (number, amount) => `Order ${number} has been cancelled and ${amount} refunded.`,
    subject: (number) => `Your ${BRAND.name} refund for order ${number}`,
    heading: (amount) => `We have refunded ${amount}`,
    refunded: (amount, number) => `We have refunded ${amount} on order ${number}.`,
    toPayment: (amount) => `${amount} to your payment method.`,
    toGiftCard: (amount, last4) => `${amount} back on your gift card ····${last4}.`,
    toStoreCredit: (amount) => `${amount} back to your store credit.`,
    asStoreCredit: (amount) => `${amount} as store credit, as you chose.`,
    bonus: (amount) => `${amount} more store credit: your bonus for choosing it.`,
    inAll: (amount) => `In all: ${amount}.`,
    forUnits: (units) => `For: ${units}.`,
    timing: 'It reaches your card within 5 to 10 working days, depending on your bank.',
    timingOfPart: 'The part to your payment method reaches it within 5 to 10 working days, depending on your bank.',
    balancesAtOnce: `Your gift card and store credit can be spent at once: they pay at checkout on ${BRAND.name}.`,
    questions: 'Questions? Reply to this email.',
  },
  it: {
    cancelledSubject: (number) => `Il tuo ordine ${BRAND.name} ${number} è stato annullato`,
    cancelledHeading: 'Il tuo ordine è annullato',
    cancelled: (number, amount) => `L'ordine ${number} è stato annullato e ti abbiamo rimborsato ${amount} sul metodo di pagamento usato.`,
    cancelledAmount: (number, amount) => `L'ordine ${number} è stato annullato e ti abbiamo rimborsato ${amount}.`,
    subject: (number) => `Il tuo rimborso ${BRAND.name} per l'ordine ${number}`,
    heading: (amount) => `Ti abbiamo rimborsato ${amount}`,
    refunded: (amount, number) => `Ti abbiamo rimborsato ${amount} sull'ordine ${number}.`,
    toPayment: (amount) => `${amount} sul metodo di pagamento usato.`,
    toGiftCard: (amount, last4) => `${amount} di nuovo sulla tua carta regalo ····${last4}.`,
    toStoreCredit: (amount) => `${amount} di nuovo nel tuo credito del negozio.`,
    asStoreCredit: (amount) => `${amount} in credito del negozio, come hai scelto.`,
    bonus: (amount) => `${amount} di credito in più: il bonus per aver scelto il credito.`,
    inAll: (amount) => `In tutto: ${amount}.`,
    forUnits: (units) => `Per: ${units}.`,
    timing: "L'importo arriva sulla tua carta entro 5-10 giorni lavorativi, a seconda della banca.",
    timingOfPart: 'La parte sul metodo di pagamento arriva entro 5-10 giorni lavorativi, a seconda della banca.',
    balancesAtOnce: `La carta regalo e il credito del negozio si possono usare subito: pagano al checkout su ${BRAND.name}.`,
    questions: 'Domande? Rispondi a questa email.',
  },
};

/** Where the money of a refund went, one sentence a part, in the order of ADR 052. */
function partsOf(refund: RefundSplit & { amount: number }, w: RefundWords, money: (cents: number) => string, giftCardLast4: string | null) {
  const parts: { cents: number; text: string }[] = [];
  if (refund.to_gift_card > 0)
    parts.push({ cents: refund.to_gift_card, text: w.toGiftCard(money(refund.to_gift_card), giftCardLast4 ?? '') });
  if (refund.to_store_credit > 0) {
    const credit = money(refund.to_store_credit);
    parts.push({ cents: refund.to_store_credit, text: refund.as_store_credit ? w.asStoreCredit(credit) : w.toStoreCredit(credit) });
  }
  if (refund.store_credit_bonus > 0) parts.push({ cents: refund.store_credit_bonus, text: w.bonus(money(refund.store_credit_bonus)) });
  const toPayment = providerPart(refund.amount, refund);
  if (toPayment > 0) parts.push({ cents: toPayment, text: w.toPayment(money(toPayment)) });
  return parts;
}

/**
 * The buyer's email about a refund or a cancellation, in the order's language. Each part of the money
 * is named with where it went, and the sum of them when there is more than one; the bank's delay is
 * mentioned for the part that went to the payment method only. `giftCardLast4`: the card that paid the order.
 */
export function refundEmail(refund: RefundRow, number: string, locale: ShopLocale = 'en', giftCardLast4: string | null = null) {
  const words = mailWords(locale);
  const w = WORDS[locale];
  const amount = words.money(refund.amount);
  const parts = partsOf(refund, w, words.money, giftCardLast4);
  const toPayment = providerPart(refund.amount, refund);
  // All of it back to the payment method: the shop's words as they always were.
  const onlyPayment = toPayment === refund.amount;
  const where = onlyPayment
    ? []
    : [...parts.map((part) => part.text), ...(parts.length > 1 ? [w.inAll(words.money(parts.reduce((sum, p) => sum + p.cents, 0)))] : [])];
  const timing = onlyPayment ? [w.timing] : toPayment > 0 ? [w.timingOfPart, w.balancesAtOnce] : [w.balancesAtOnce];
  if (refund.kind === 'cancellation') {
    return renderEmail({
      subject: w.cancelledSubject(number),
      heading: w.cancelledHeading,
      paragraphs: [onlyPayment ? w.cancelled(number, amount) : w.cancelledAmount(number, amount), ...where, ...timing, w.questions],
      locale,
    });
  }
  const units = refund.lines.map((line) => `${line.quantity} × ${line.name} (${line.sku})`);
  return renderEmail({
    subject: w.subject(number),
    heading: w.heading(amount),
    paragraphs: [
      w.refunded(amount, number),
      ...(onlyPayment ? [w.toPayment(amount)] : where),
      ...(units.length ? [w.forUnits(units.join(', '))] : []),
      ...timing,
      w.questions,
    ],
    locale,
  });
}
