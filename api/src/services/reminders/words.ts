import type { ShopLocale } from '@contract/locale';

/**
 * The words of the marketing-consent confirmation and the cart reminder, in each of the shop's
 * languages (kept apart from mail-words.ts, which holds the order emails). The reminder's subject is
 * the owner's (shop settings), per language.
 */
export interface ReminderWords {
  confirm: { subject: string; heading: string; text: string; validity: string; action: string };
  reminder: {
    heading: string;
    intro: string;
    followUp: string;
    line(item: string, quantity: number, price: string): string;
    soldOut(item: string): string;
    validity: string;
    action: string;
    whyYouGetThis: string;
    unsubscribe(url: string): string;
  };
}

const en: ReminderWords = {
  confirm: {
    subject: 'Confirm that you want emails from FILO',
    heading: 'One more step',
    text: 'You asked for emails from FILO about your cart, new drops and offers. Confirm it with the link below; until you do, we send you none.',
    validity: 'The link is valid for 7 days. If you did not ask for this, ignore this email.',
    action: 'Confirm my email choice',
  },
  reminder: {
    heading: 'Your cart is waiting',
    intro: 'You left these in your cart. Here they are as they are now:',
    followUp: 'Still thinking it over? Your cart is as you left it, at today’s prices:',
    line: (item, quantity, price) => `${quantity} × ${item}: ${price} each`,
    soldOut: (item) => `${item}: sold out`,
    validity: 'The link puts these items back in your cart on any device. It works for 7 days.',
    action: 'Back to my cart',
    whyYouGetThis: 'You get this email because you agreed to emails from FILO.',
    unsubscribe: (url) => `Stop these emails in one click: ${url}`,
  },
};

const it: ReminderWords = {
  confirm: {
    subject: 'Conferma che vuoi ricevere le email di FILO',
    heading: 'Ancora un passo',
    text: 'Hai chiesto di ricevere email da FILO sul tuo carrello, sulle nuove uscite e sulle offerte. Confermalo con il link qui sotto; finché non lo fai, non te ne mandiamo.',
    validity: 'Il link è valido per 7 giorni. Se non l’hai chiesto tu, ignora questa email.',
    action: 'Conferma la mia scelta',
  },
  reminder: {
    heading: 'Il tuo carrello ti aspetta',
    intro: 'Hai lasciato questi articoli nel carrello. Eccoli come sono adesso:',
    followUp: 'Ci stai ancora pensando? Il carrello è come l’hai lasciato, ai prezzi di oggi:',
    line: (item, quantity, price) => `${quantity} × ${item}: ${price} l’uno`,
    soldOut: (item) => `${item}: esaurito`,
    validity: 'Il link rimette questi articoli nel carrello, su qualsiasi dispositivo. Vale 7 giorni.',
    action: 'Torna al carrello',
    whyYouGetThis: 'Ricevi questa email perché hai accettato di ricevere le email di FILO.',
    unsubscribe: (url) => `Non ricevere più queste email con un clic: ${url}`,
  },
};

const WORDS: Record<ShopLocale, ReminderWords> = { en, it };

export function reminderWords(locale: ShopLocale): ReminderWords {
  return WORDS[locale];
}
