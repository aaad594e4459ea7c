import { BRAND } from '@contract/brand';
import type { ShopLocale } from '@contract/locale';
import { formatEuro } from '@contract/money';
import { shopDay } from '@contract/shop-time';

import type { GiftRecipient } from '../db/schema.js';
import type { EmailContent } from './mail-templates.js';

type IssuedCard = { amount: number; code: string };
type Words = {
  buyerEmail(cards: IssuedCard[], recipient: GiftRecipient | null): Omit<EmailContent, 'locale'>;
  recipientEmail(card: IssuedCard, recipient: GiftRecipient): Omit<EmailContent, 'locale'>;
  /** A card the owner issued and sent from the back office; `expiresOn` a day (YYYY-MM-DD) or none. */
  ownerIssuedEmail(card: IssuedCard, expiresOn: string | null): Omit<EmailContent, 'locale'>;
  receipt: { giftCard(last4: string): string; storeCredit: string; paidByCard: string };
};

const cardLine = (card: IssuedCard, money: (cents: number) => string) => `${money(card.amount)}: ${card.code}`;

/** The gift-card emails (ADR 052) in each of the shop's languages; each one carries the codes it is about. */
const WORDS: Record<ShopLocale, Words> = {
  en: {
    buyerEmail: (cards, recipient) => ({
      subject: `Your ${BRAND.name} gift card`,
      heading: cards.length === 1 ? 'Your gift card' : 'Your gift cards',
      paragraphs: [
        ...cards.map((card) => cardLine(card, (c) => formatEuro(c))),
        recipient
          ? `We will email ${recipient.name} (${recipient.email}) on ${shopDay(recipient.send_at)} with the code and your message. Keep this email: the code is shown only here and in theirs.`
          : 'Enter the code in the Gift card field of your cart to pay with it. Keep this email: the code is shown only here.',
        'The card does not expire; what is left after an order stays on it for the next.',
      ],
    }),
    recipientEmail: (card, recipient) => ({
      subject: `A ${BRAND.name} gift card for you`,
      heading: `${recipient.name}, a gift card of ${formatEuro(card.amount)} for you`,
      paragraphs: [
        ...(recipient.message ? [`“${recipient.message}”`] : []),
        `Your code: ${card.code}`,
        'Enter it in the Gift card field of your cart at checkout. It pays part or all of an order, and what is left stays on the card. It does not expire.',
      ],
    }),
    ownerIssuedEmail: (card, expiresOn) => ({
      subject: `A ${BRAND.name} gift card for you`,
      heading: `A gift card of ${formatEuro(card.amount)} for you`,
      paragraphs: [
        `Your code: ${card.code}`,
        'Enter it in the Gift card field of your cart at checkout. It pays part or all of an order, and what is left stays on the card.',
        expiresOn ? `It can be used until the end of ${expiresOn}.` : 'It does not expire.',
      ],
    }),
    receipt: { giftCard: (last4) => `Paid by gift card ····${last4}`, storeCredit: 'Paid by store credit', paidByCard: 'Paid by card' },
  },
  it: {
    buyerEmail: (cards, recipient) => ({
      subject: `La tua carta regalo ${BRAND.name}`,
      heading: cards.length === 1 ? 'La tua carta regalo' : 'Le tue carte regalo',
      paragraphs: [
        ...cards.map((card) => cardLine(card, (c) => formatEuro(c, 'it'))),
        recipient
          ? `Scriveremo a ${recipient.name} (${recipient.email}) il ${shopDay(recipient.send_at)} con il codice e il tuo messaggio. Conserva questa email: il codice compare solo qui e nella sua.`
          : 'Inserisci il codice nel campo Carta regalo del carrello per pagare con essa. Conserva questa email: il codice compare solo qui.',
        'La carta non scade; quello che resta dopo un ordine rimane sulla carta per il prossimo.',
      ],
    }),
    recipientEmail: (card, recipient) => ({
      subject: `Una carta regalo ${BRAND.name} per te`,
      heading: `${recipient.name}, una carta regalo da ${formatEuro(card.amount, 'it')} per te`,
      paragraphs: [
        ...(recipient.message ? [`“${recipient.message}”`] : []),
        `Il tuo codice: ${card.code}`,
        "Inseriscilo nel campo Carta regalo del carrello al momento del pagamento. Paga una parte o tutto l'ordine, e quello che resta rimane sulla carta. Non scade.",
      ],
    }),
    ownerIssuedEmail: (card, expiresOn) => ({
      subject: `Una carta regalo ${BRAND.name} per te`,
      heading: `Una carta regalo da ${formatEuro(card.amount, 'it')} per te`,
      paragraphs: [
        `Il tuo codice: ${card.code}`,
        "Inseriscilo nel campo Carta regalo del carrello al momento del pagamento. Paga una parte o tutto l'ordine, e quello che resta rimane sulla carta.",
        expiresOn ? `Si può usare fino alla fine del ${expiresOn}.` : 'Non scade.',
      ],
    }),
    receipt: {
      giftCard: (last4) => `Pagato con carta regalo ····${last4}`,
      storeCredit: 'Pagato con credito del negozio',
      paidByCard: 'Pagato con carta',
    },
  },
};

export const giftCardWords = (locale: ShopLocale): Words => WORDS[locale];
