import type { DataExport } from '@contract/api/privacy';
import { BRAND } from '@contract/brand';
import { type ShopLocale, shopPagePath } from '@contract/locale';

/** What each part of data.json holds, in the shopper's words: typed by the file's keys, so a new part needs its line. */
type Sections = Record<keyof DataExport, string>;

interface ReadmeWords {
  title: string;
  intro(generatedAt: string): string;
  format: string;
  partsHeading: string;
  sections: Sections;
  /** Where a registered shopper (their profile) or a guest (their orders, signed in by code) goes next. */
  registered(profile: string, contact: string): string;
  guest(orders: string, contact: string): string;
}

const WORDS: Record<ShopLocale, ReadmeWords> = {
  en: {
    title: `Your data at ${BRAND.name}`,
    intro: (at) =>
      `This archive holds everything ${BRAND.name} keeps about you, as of ${at} (UTC): what the EU's data protection ` +
      'law (GDPR, articles 15 and 20) entitles you to see and take with you.',
    format:
      'data.json is the data itself, in JSON: plain text that any program can read and another shop can import. ' +
      'Amounts are in euro cents (4500 is EUR 45.00); times are in UTC, written as 2026-11-30T09:15:00.000Z.',
    partsHeading: 'What each part of data.json holds',
    sections: {
      format: 'the version of this file’s layout.',
      generated_at: 'when this file was made.',
      about: 'this summary, in one sentence.',
      account:
        'your account: email, whether you have an account or bought as a guest, name, phone, address, when your ' +
        'email was verified, when the account was made and last changed. Your password is kept only as a one-way ' +
        'hash and is not included.',
      orders:
        'every order, newest first: its number, status, amounts, discount, payment method, delivery and billing ' +
        'addresses, carrier and tracking number, with its items, refunds and returns.',
      cart: 'what is in your cart now.',
      back_in_stock_requests: 'the products you asked us to tell you about when back in stock, and when we did.',
      collectible_cards: 'the collectible cards your purchases unlocked, with their serial numbers.',
      contact_messages: 'the messages you sent us through the contact form.',
      emails_sent: 'the emails we sent you: subject and date.',
      notes_by_the_shop: 'the notes our staff keep about you (a delivery preference, say).',
      consents:
        'what you agreed to (cookies, marketing emails, the terms), under which version of our policies, when, ' +
        'when you confirmed it, and when you withdrew it.',
      store_credit: 'your store credit: the balance and every change to it.',
      gift_cards: 'the gift cards you bought, with their balance and every use.',
      cart_reminders:
        'the reminders of a cart you left that we emailed you (only with your consent to marketing emails): when, ' +
        'whether you followed the link, and the order that came of it.',
      unpaid_checkouts: 'the checkouts you opened and did not pay, until they are removed after their retention period.',
      sign_ins: 'your sign-ins: when each began, until when it lasts, and whether it is still active (never the sign-in itself).',
    },
    registered: (profile, contact) =>
      `To correct your data, withdraw a consent or delete your account, use your profile (${profile}); ` +
      `for anything else, write to us (${contact}).`,
    guest: (orders, contact) =>
      `To withdraw a consent, download this file again or delete your data, sign in with your email on your orders page ` +
      `(${orders}); to correct your data, write to us (${contact}).`,
  },
  it: {
    title: `I tuoi dati da ${BRAND.name}`,
    intro: (at) =>
      `Questo archivio contiene tutto ciò che ${BRAND.name} conserva su di te, alla data ${at} (UTC): ciò che la legge ` +
      'europea sulla protezione dei dati (GDPR, articoli 15 e 20) ti dà diritto di vedere e portare con te.',
    format:
      'data.json contiene i dati, in formato JSON: testo semplice che qualsiasi programma può leggere e un altro ' +
      'negozio può importare. Gli importi sono in centesimi di euro (4500 vale 45,00 EUR); gli orari sono in UTC, ' +
      'scritti come 2026-11-30T09:15:00.000Z. I nomi dei campi sono in inglese.',
    partsHeading: 'Cosa contiene ogni parte di data.json',
    sections: {
      format: 'la versione della struttura di questo file.',
      generated_at: 'quando è stato creato questo file.',
      about: 'un riassunto in una frase (in inglese).',
      account:
        'il tuo account: email, se hai un account o hai acquistato come ospite, nome, telefono, indirizzo, quando ' +
        'è stata verificata la tua email, quando l’account è stato creato e modificato l’ultima volta. La password è ' +
        'conservata solo come impronta non reversibile e non è inclusa.',
      orders:
        'ogni ordine, dal più recente: numero, stato, importi, sconto, metodo di pagamento, indirizzi di consegna e ' +
        'di fatturazione, corriere e numero di tracciamento, con articoli, rimborsi e resi.',
      cart: 'cosa c’è ora nel tuo carrello.',
      back_in_stock_requests: 'i prodotti per cui hai chiesto un avviso quando tornano disponibili, e quando ti abbiamo avvisato.',
      collectible_cards: 'le carte da collezione sbloccate dai tuoi acquisti, con il loro numero di serie.',
      contact_messages: 'i messaggi che ci hai inviato con il modulo di contatto.',
      emails_sent: 'le email che ti abbiamo inviato: oggetto e data.',
      notes_by_the_shop: 'le note che il nostro staff tiene su di te (per esempio una preferenza di consegna).',
      consents:
        'ciò a cui hai acconsentito (cookie, email di marketing, i termini), con quale versione delle nostre ' +
        'informative, quando, quando lo hai confermato e quando lo hai revocato.',
      store_credit: 'il tuo credito nel negozio: il saldo e ogni sua variazione.',
      gift_cards: 'le carte regalo che hai acquistato, con il saldo e ogni utilizzo.',
      cart_reminders:
        'i promemoria di un carrello lasciato che ti abbiamo inviato per email (solo con il tuo consenso alle email ' +
        'di marketing): quando, se hai seguito il link e l’ordine che ne è seguito.',
      unpaid_checkouts: 'i pagamenti che hai avviato e non completato, finché non vengono rimossi alla fine del periodo di conservazione.',
      sign_ins: 'i tuoi accessi: quando è iniziato ciascuno, fino a quando dura e se è ancora attivo (mai l’accesso stesso).',
    },
    registered: (profile, contact) =>
      `Per correggere i tuoi dati, revocare un consenso o eliminare l’account usa il tuo profilo (${profile}); ` +
      `per tutto il resto scrivici (${contact}).`,
    guest: (orders, contact) =>
      `Per revocare un consenso, scaricare di nuovo questo file o eliminare i tuoi dati accedi con la tua email alla ` +
      `pagina dei tuoi ordini (${orders}); per correggere i tuoi dati scrivici (${contact}).`,
  },
};

/**
 * README.txt of the data export's archive, in the shopper's language: what the file is, how to read
 * its amounts and times, and a line for each part of data.json, in the file's own order.
 */
export function dataExportReadme(data: DataExport, locale: ShopLocale, storefrontUrl: string): string {
  const words = WORDS[locale];
  const page = (path: string) => `${storefrontUrl.replace(/\/+$/, '')}${shopPagePath(path, locale)}`;
  const parts = (Object.keys(data) as (keyof DataExport)[]).map((key) => `- ${key}: ${words.sections[key]}`);
  return [
    words.title,
    '='.repeat(words.title.length),
    '',
    words.intro(data.generated_at),
    '',
    words.format,
    '',
    `${words.partsHeading}:`,
    '',
    ...parts,
    '',
    data.account.user_type === 'guest'
      ? words.guest(page('/orders'), page('/contact'))
      : words.registered(page('/profile'), page('/contact')),
    '',
  ].join('\n');
}
