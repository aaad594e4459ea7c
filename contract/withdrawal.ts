import { BRAND } from './brand';
import type { ShopLocale } from './locale';
import { RETURN_WINDOW_DAYS } from './returns';

/**
 * The model withdrawal form of the EU consumer rights directive (2011/83, annex I(B); Italian Consumer
 * Code, art. 49), as the order page and the confirmation email carry it: filled in with what the shop
 * knows of the order, and dots where the buyer writes. The return policy page holds the blank one.
 */
export const SELLER = {
  legalName: `${BRAND.name} S.r.l.`,
  address: `${BRAND.headquarters.line1}, ${BRAND.headquarters.postalCode} ${BRAND.headquarters.city}, ${BRAND.headquarters.country}`,
  email: BRAND.supportEmail,
} as const;

/** Where the blank form is on the return policy page: its heading's anchor, in each language. */
export const WITHDRAWAL_FORM_ANCHOR: Record<ShopLocale, string> = { en: '#model-withdrawal-form', it: '#modulo-tipo-di-recesso' };

/** A heading's anchor as the policy pages make it: lower case, words joined by hyphens. */
export function headingAnchor(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export type WithdrawalOrder = { orderNumber: string; orderedOn: string; items: string[] };

const WORDS = {
  en: {
    to: 'To',
    notice: 'I hereby give notice that I withdraw from my contract of sale of the following goods',
    ordered: 'Ordered on / received on',
    number: 'Order number',
    consumer: 'Name and address of the consumer',
    date: 'Date',
    returnPage: (url: string) => `Your order's return page, where one button withdraws from the whole order: ${url}`,
    formHeading: 'Model withdrawal form, filled in for this order:',
    instructions: (days: number) =>
      `You may withdraw from this order within ${days} days of delivery, without giving a reason. Start a return from your order, or send us this model withdrawal form by email or post.`,
  },
  it: {
    to: 'A',
    notice: 'Con la presente notifico il recesso dal mio contratto di vendita dei seguenti beni',
    ordered: 'Ordinato il / ricevuto il',
    number: "Numero d'ordine",
    consumer: 'Nome e indirizzo del consumatore',
    date: 'Data',
    returnPage: (url: string) => `La pagina di reso del tuo ordine, dove un pulsante esercita il recesso dall'intero ordine: ${url}`,
    formHeading: 'Modulo tipo di recesso, compilato per questo ordine:',
    instructions: (days: number) =>
      `Puoi recedere da questo ordine entro ${days} giorni dalla consegna, senza indicarne il motivo. Avvia un reso dal tuo ordine, oppure inviaci questo modulo tipo di recesso per email o per posta.`,
  },
} as const;

/** The instructions that come before the form. */
export function withdrawalInstructions(locale: ShopLocale): string {
  return WORDS[locale].instructions(RETURN_WINDOW_DAYS);
}

/** The form's lines, filled in with the order; what only the buyer knows is left as dots. */
export function withdrawalFormLines(locale: ShopLocale, order: WithdrawalOrder): string[] {
  const w = WORDS[locale];
  return [
    `${w.to} ${SELLER.legalName}, ${SELLER.address}, ${SELLER.email}:`,
    `${w.notice}: ${order.items.join('; ') || '...'}`,
    `${w.ordered}: ${order.orderedOn} / ...`,
    `${w.number}: ${order.orderNumber}`,
    `${w.consumer}: ...`,
    `${w.date}: ...`,
  ];
}

/** The withdrawal's paragraphs of the order confirmation email: instructions, the return page, the form. */
export function withdrawalEmailParagraphs(locale: ShopLocale, returnUrl: string, order: WithdrawalOrder): string[] {
  const w = WORDS[locale];
  return [withdrawalInstructions(locale), w.returnPage(returnUrl), w.formHeading, ...withdrawalFormLines(locale, order)];
}
