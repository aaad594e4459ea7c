import { BRAND } from '@contract/brand';
import { CONTACT_REASON_LABELS } from '@contract/contact';
import { type ShopLocale, shopPagePath } from '@contract/locale';
import { formatEuro } from '@contract/money';
import { formatLaunchTime, SHOP_TIME_ZONE, shopDay } from '@contract/shop-time';

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

const longDay = { it: new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SHOP_TIME_ZONE }) };
const cardPayment = /^Credit Card(?: ending in (\d{4}))?$/;

const en: MailWords = {
  locale: 'en',
  tagline: BRAND.tagline,
  money: (cents) => formatEuro(cents),
  day: (at) => shopDay(at),
  launchTime: (at) => formatLaunchTime(at),
  page: (path) => path,
  verification: {
    subject: (code) => `Your ${BRAND.name} verification code: ${code}`,
    heading: 'Verify your email',
    register: `Enter this code to create your ${BRAND.name} account.`,
    guest: `Enter this code to continue as a guest at ${BRAND.name}.`,
    validity: 'The code is valid for 10 minutes. If you did not ask for it, you can ignore this email.',
  },
  reset: {
    subject: (code) => `Your ${BRAND.name} password reset code: ${code}`,
    heading: 'Reset your password',
    text: 'Enter this code to choose a new password.',
    validity:
      'The code is valid for 10 minutes. If you did not ask to reset your password, you can ignore this email: your password stays as it is.',
  },
  welcome: {
    subject: (firstName) => (firstName ? `Welcome to ${BRAND.name}, ${firstName}` : `Welcome to ${BRAND.name}`),
    heading: (firstName) => (firstName ? `Welcome, ${firstName}` : 'Welcome'),
    text: `Your ${BRAND.name} account is ready. Your orders, their receipts and the collectible cards your purchases unlock are all in your profile.`,
    notYou: 'If you did not create this account, reply to this email and we will close it.',
    action: 'Go to your profile',
  },
  confirmation: {
    subject: (number) => `Your ${BRAND.name} order ${number}`,
    heading: 'Thank you for your order',
    received: (number) => `We have received your order ${number} and are getting it ready.`,
    totals: ({ subtotal, shipping, total, vat }) =>
      `Subtotal: ${subtotal}. Shipping: ${shipping ?? 'free'}. Total: ${total} (VAT included: ${vat}).`,
    deliveryTo: (address) => `Delivery to: ${address}.`,
    estimated: (day) => `Estimated delivery: ${day}.`,
    cards: (names) =>
      `This order unlocked ${names.length === 1 ? 'a collectible card' : `${names.length} collectible cards`}: ${names.join(', ')}.`,
    receipt: (url) => `Your receipt (PDF): ${url}`,
    createAccount: (url) => `Create an account with this email to keep your orders and receipts: ${url}`,
    action: 'View your order',
  },
  shipped: {
    subject: (number) => `Your ${BRAND.name} order ${number} has shipped`,
    heading: 'Your order is on its way',
    left: (number, carrier) => `Order ${number} has left our workroom with ${carrier}.`,
    tracking: (number) => `Tracking number: ${number}.`,
    action: 'Track your parcel',
  },
  delivered: {
    subject: (number) => `Your ${BRAND.name} order ${number} has been delivered`,
    heading: 'Your order has arrived',
    arrived: (number) => `Order ${number} has been delivered. We hope it fits the way it should.`,
    returns: (days) => `Something not right? You can return it, or exchange it for another size, within ${days} days of delivery.`,
    action: 'Return or exchange',
  },
  refundedPayment: {
    subject: 'Your payment has been refunded',
    heading: 'We could not complete your order',
    text: (amount, reason) =>
      `We could not complete your order: ${reason}. Your payment of ${amount} has been refunded in full; your bank may take a few days to show it.`,
  },
  returns: {
    line: (quantity, label, exchange) => `${quantity} × ${label}${exchange ? `, exchanged for ${exchange}` : ''}`,
    requestedSubject: (number, order) => `Your ${BRAND.name} return ${number} for order ${order}`,
    requestedHeading: (number) => `Return ${number} is open`,
    requested: (order, lines) => `We have your return request for order ${order}: ${lines}.`,
    putAside: 'The new size is put aside for you and leaves as soon as your parcel reaches us.',
    howToSend: (number, address) =>
      `How to send it back: pack the items unworn with their labels, write ${number} on the parcel, and send it within 14 days to ${address}.`,
    exchangeNext: 'We email you the tracking number when the exchange ships.',
    refundNext: 'We email you when it arrives and when your refund is on its way.',
    address: `${BRAND.name} Returns, ${BRAND.studio.line1}, ${BRAND.studio.postalCode} ${BRAND.studio.city}, ${BRAND.studio.country}`,
    receivedSubject: (number) => `We have received your ${BRAND.name} return ${number}`,
    receivedHeading: 'Your return has arrived',
    received: (number, order) => `Return ${number} for order ${order} has reached our workroom.`,
    receivedExchange: 'Your new size is being packed; we email you its tracking number when it ships.',
    receivedRefund: 'Your refund follows shortly; we email you when it is on its way.',
    exchangeSubject: (number) => `Your ${BRAND.name} exchange ${number} has shipped`,
    exchangeHeading: 'Your new size is on its way',
    exchangeShipped: (number, order, carrier, lines) =>
      `The exchange for return ${number} (order ${order}) has left our workroom with ${carrier}: ${lines}.`,
    tracking: (number) => `Tracking number: ${number}.`,
    nothingToPay: 'Nothing more to pay.',
    track: 'Track your parcel',
    cancelledSubject: (number) => `Your ${BRAND.name} return ${number} has been cancelled`,
    cancelledHeading: 'Your return is cancelled',
    cancelled: (number, order) => `Return ${number} for order ${order} has been cancelled.`,
    questions: 'Questions? Reply to this email.',
  },
  backInStock: {
    subject: (product) => `Back in stock: ${product}`,
    heading: (product) => `${product} is back in stock`,
    available: (item) => `You asked us to let you know: ${item} is available again.`,
    hurry: 'Small batches go quickly, so we will not hold it for long.',
    action: 'View product',
  },
  launch: {
    subject: (product) => `Live now: ${product}`,
    heading: (product) => `${product} has launched`,
    live: (product) => `You asked us to tell you when ${product} went on sale. It is live now, and the batch is small.`,
    limit: (units) => `To keep it fair, each customer can buy ${units === 1 ? '1 unit' : `${units} units`}.`,
    action: 'Shop the drop',
  },
  wishlist: {
    launchSubject: (item) => `We'll email you when ${item} launches`,
    stockSubject: (item) => `We'll email you when ${item} is back`,
    heading: "You're on the list",
    launchText: (item, launch) => `We'll email you once, when ${item} launches at ${BRAND.name} on ${launch}.`,
    stockText: (item) => `We'll email you once, when ${item} is back in stock at ${BRAND.name}.`,
    changedMind: 'Changed your mind? The link below stops this email; no sign-in needed.',
    stopLaunch: 'Stop this launch email',
    stopStock: 'Stop this back-in-stock email',
  },
  contact: {
    subject: 'We received your message',
    heading: `Thank you for writing to ${BRAND.name}`,
    received: (reason) => `We received your message (${reason.toLowerCase()}) and will answer within one working day.`,
    hours: 'Our team is in from Monday to Friday, 10:00 to 18:00, and on Saturday, 10:00 to 14:00 (Italian time).',
    reference: (id) => `Your reference: ${id}`,
    reasons: CONTACT_REASON_LABELS,
  },
  receipt: {
    title: (number) => `Receipt ${number}`,
    heading: 'Receipt',
    orderNumber: (number) => `Order number: ${number}`,
    date: (day) => `Date: ${day}`,
    status: (status) => `Status: ${status}`,
    buyer: (who) => `Buyer: ${who}`,
    shippingAddress: 'Shipping address',
    billingAddress: 'Billing address',
    columns: ['Item', 'Qty', 'Price', 'Amount'],
    refundedUnits: (quantity) => `${quantity} refunded`,
    sku: (sku) => `SKU ${sku}`,
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    free: 'Free',
    discount: (code) => (code ? `Discount (${code})` : 'Discount'),
    freeShipping: 'Free shipping',
    total: 'Total',
    vat: 'of which VAT 22% included',
    refunded: 'Refunded',
    paidAfterRefunds: 'Paid after refunds',
    paymentMethod: (method) => `Payment method: ${method}`,
    footer: `${BRAND.name}: ${BRAND.tagline}. Prices include Italian VAT at 22%.`,
    statuses: {},
  },
  paymentMethod: (method) => method,
};

const it: MailWords = {
  locale: 'it',
  tagline: 'Streetwear in piccole serie, tagliato e cucito in Italia',
  money: (cents) => formatEuro(cents, 'it'),
  day: (at) => longDay.it.format(typeof at === 'string' ? new Date(at) : at),
  launchTime: (at) => formatLaunchTime(at, SHOP_TIME_ZONE, 'it'),
  page: (path) => shopPagePath(path, 'it'),
  verification: {
    subject: (code) => `Il tuo codice di verifica ${BRAND.name}: ${code}`,
    heading: 'Verifica la tua email',
    register: `Inserisci questo codice per creare il tuo account ${BRAND.name}.`,
    guest: `Inserisci questo codice per continuare come ospite su ${BRAND.name}.`,
    validity: 'Il codice vale 10 minuti. Se non lo hai chiesto tu, puoi ignorare questa email.',
  },
  reset: {
    subject: (code) => `Il tuo codice per reimpostare la password ${BRAND.name}: ${code}`,
    heading: 'Reimposta la password',
    text: 'Inserisci questo codice per scegliere una nuova password.',
    validity:
      'Il codice vale 10 minuti. Se non hai chiesto di reimpostare la password, puoi ignorare questa email: la tua password resta quella di prima.',
  },
  welcome: {
    subject: (firstName) => (firstName ? `Benvenuto in ${BRAND.name}, ${firstName}` : `Benvenuto in ${BRAND.name}`),
    heading: (firstName) => (firstName ? `Ciao ${firstName}, il tuo account è pronto` : 'Il tuo account è pronto'),
    text: `Il tuo account ${BRAND.name} è attivo. Nel profilo trovi i tuoi ordini, le ricevute e le card da collezione che i tuoi acquisti sbloccano.`,
    notYou: 'Se non sei stato tu a creare questo account, rispondi a questa email e lo chiuderemo.',
    action: 'Vai al tuo profilo',
  },
  confirmation: {
    subject: (number) => `Il tuo ordine ${BRAND.name} ${number}`,
    heading: 'Grazie per il tuo ordine',
    received: (number) => `Abbiamo ricevuto il tuo ordine ${number} e lo stiamo preparando.`,
    totals: ({ subtotal, shipping, total, vat }) =>
      `Subtotale: ${subtotal}. Spedizione: ${shipping ?? 'gratuita'}. Totale: ${total} (di cui IVA: ${vat}).`,
    deliveryTo: (address) => `Consegna a: ${address}.`,
    estimated: (day) => `Consegna prevista: ${day}.`,
    cards: (names) =>
      `Questo ordine ha sbloccato ${names.length === 1 ? 'una card da collezione' : `${names.length} card da collezione`}: ${names.join(', ')}.`,
    receipt: (url) => `La tua ricevuta (PDF): ${url}`,
    createAccount: (url) => `Crea un account con questa email per conservare ordini e ricevute: ${url}`,
    action: 'Vedi il tuo ordine',
  },
  shipped: {
    subject: (number) => `Il tuo ordine ${BRAND.name} ${number} è stato spedito`,
    heading: 'Il tuo ordine è in viaggio',
    left: (number, carrier) => `L'ordine ${number} è partito dal nostro laboratorio con ${carrier}.`,
    tracking: (number) => `Numero di tracciamento: ${number}.`,
    action: 'Segui il pacco',
  },
  delivered: {
    subject: (number) => `Il tuo ordine ${BRAND.name} ${number} è stato consegnato`,
    heading: 'Il tuo ordine è arrivato',
    arrived: (number) => `L'ordine ${number} è stato consegnato. Speriamo che ti stia a pennello.`,
    returns: (days) => `Qualcosa non va? Puoi renderlo, o cambiarlo con un'altra taglia, entro ${days} giorni dalla consegna.`,
    action: 'Reso o cambio',
  },
  refundedPayment: {
    subject: 'Il tuo pagamento è stato rimborsato',
    heading: 'Non siamo riusciti a completare il tuo ordine',
    text: (amount) =>
      `Non siamo riusciti a completare il tuo ordine: quando il pagamento ci è arrivato, un articolo era esaurito, un limite per cliente era già raggiunto o il codice sconto era esaurito. Il tuo pagamento di ${amount} è stato rimborsato per intero; la banca potrebbe impiegare qualche giorno a mostrarlo.`,
  },
  returns: {
    line: (quantity, label, exchange) => `${quantity} × ${label}${exchange ? `, cambiato con ${exchange}` : ''}`,
    requestedSubject: (number, order) => `Il tuo reso ${BRAND.name} ${number} per l'ordine ${order}`,
    requestedHeading: (number) => `Il reso ${number} è aperto`,
    requested: (order, lines) => `Abbiamo ricevuto la tua richiesta di reso per l'ordine ${order}: ${lines}.`,
    putAside: 'Abbiamo messo da parte per te la nuova taglia: parte appena il tuo pacco arriva da noi.',
    howToSend: (number, address) =>
      `Come rispedirlo: imballa gli articoli non indossati e con le etichette, scrivi ${number} sul pacco e spediscilo entro 14 giorni a ${address}.`,
    exchangeNext: 'Quando il cambio parte, ti mandiamo il numero di tracciamento.',
    refundNext: 'Ti scriviamo quando il pacco arriva e quando il rimborso è in arrivo.',
    address: `${BRAND.name} Resi, ${BRAND.studio.line1}, ${BRAND.studio.postalCode} ${BRAND.studio.city}, Italia`,
    receivedSubject: (number) => `Abbiamo ricevuto il tuo reso ${BRAND.name} ${number}`,
    receivedHeading: 'Il tuo reso è arrivato',
    received: (number, order) => `Il reso ${number} per l'ordine ${order} è arrivato nel nostro laboratorio.`,
    receivedExchange: 'Stiamo preparando la nuova taglia; ti mandiamo il numero di tracciamento quando parte.',
    receivedRefund: 'Il rimborso arriva a breve; ti scriviamo quando è in arrivo.',
    exchangeSubject: (number) => `Il tuo cambio ${BRAND.name} ${number} è stato spedito`,
    exchangeHeading: 'La tua nuova taglia è in viaggio',
    exchangeShipped: (number, order, carrier, lines) =>
      `Il cambio per il reso ${number} (ordine ${order}) è partito dal nostro laboratorio con ${carrier}: ${lines}.`,
    tracking: (number) => `Numero di tracciamento: ${number}.`,
    nothingToPay: 'Non devi pagare nulla.',
    track: 'Segui il pacco',
    cancelledSubject: (number) => `Il tuo reso ${BRAND.name} ${number} è stato annullato`,
    cancelledHeading: 'Il tuo reso è annullato',
    cancelled: (number, order) => `Il reso ${number} per l'ordine ${order} è stato annullato.`,
    questions: 'Domande? Rispondi a questa email.',
  },
  backInStock: {
    subject: (product) => `Di nuovo disponibile: ${product}`,
    heading: (product) => `${product} è di nuovo disponibile`,
    available: (item) => `Ci avevi chiesto di avvisarti: ${item} è di nuovo disponibile.`,
    hurry: 'Le piccole serie finiscono in fretta: non possiamo tenerlo da parte a lungo.',
    action: 'Vedi il prodotto',
  },
  launch: {
    subject: (product) => `Ora in vendita: ${product}`,
    heading: (product) => `${product} è uscito`,
    live: (product) =>
      `Ci avevi chiesto di avvisarti quando ${product} sarebbe andato in vendita. Ora è disponibile, e la serie è piccola.`,
    limit: (units) => `Per essere corretti con tutti, ogni cliente può acquistarne ${units === 1 ? '1 pezzo' : `${units} pezzi`}.`,
    action: 'Vai al drop',
  },
  wishlist: {
    launchSubject: (item) => `Ti scriveremo quando uscirà ${item}`,
    stockSubject: (item) => `Ti scriveremo quando ${item} tornerà disponibile`,
    heading: 'Sei in lista',
    launchText: (item, launch) => `Ti scriveremo una volta sola, quando ${item} uscirà su ${BRAND.name}, ${launch}.`,
    stockText: (item) => `Ti scriveremo una volta sola, quando ${item} tornerà disponibile su ${BRAND.name}.`,
    changedMind: 'Hai cambiato idea? Con il link qui sotto annulli questa email, senza bisogno di accedere.',
    stopLaunch: "Annulla l'email di uscita",
    stopStock: "Annulla l'email di disponibilità",
  },
  contact: {
    subject: 'Abbiamo ricevuto il tuo messaggio',
    heading: `Grazie per aver scritto a ${BRAND.name}`,
    received: (reason) => `Abbiamo ricevuto il tuo messaggio (${reason.toLowerCase()}) e ti risponderemo entro un giorno lavorativo.`,
    hours: 'Il nostro team c’è dal lunedì al venerdì, dalle 10:00 alle 18:00, e il sabato dalle 10:00 alle 14:00.',
    reference: (id) => `Il tuo riferimento: ${id}`,
    reasons: {
      general: 'Domanda generica',
      order: 'Problema con un ordine o un acquisto',
      collaboration: 'Collaborazione',
      press: 'Stampa',
      wholesale: 'Ingrosso',
      'customer-service': 'Assistenza clienti',
      other: 'Altro',
    },
  },
  receipt: {
    title: (number) => `Ricevuta ${number}`,
    heading: 'Ricevuta',
    orderNumber: (number) => `Numero d'ordine: ${number}`,
    date: (day) => `Data: ${day}`,
    status: (status) => `Stato: ${status}`,
    buyer: (who) => `Acquirente: ${who}`,
    shippingAddress: 'Indirizzo di spedizione',
    billingAddress: 'Indirizzo di fatturazione',
    columns: ['Articolo', 'Qtà', 'Prezzo', 'Importo'],
    refundedUnits: (quantity) => `${quantity} ${quantity === 1 ? 'rimborsato' : 'rimborsati'}`,
    sku: (sku) => `SKU ${sku}`,
    subtotal: 'Subtotale',
    shipping: 'Spedizione',
    free: 'Gratuita',
    discount: (code) => (code ? `Sconto (${code})` : 'Sconto'),
    freeShipping: 'Spedizione gratuita',
    total: 'Totale',
    vat: 'di cui IVA 22%',
    refunded: 'Rimborsato',
    paidAfterRefunds: 'Pagato al netto dei rimborsi',
    paymentMethod: (method) => `Metodo di pagamento: ${method}`,
    footer: `${BRAND.name}: streetwear in piccole serie, tagliato e cucito in Italia. I prezzi comprendono l'IVA italiana al 22%.`,
    statuses: {
      processing: 'In lavorazione',
      shipped: 'Spedito',
      delivered: 'Consegnato',
      refunded: 'Rimborsato',
      cancelled: 'Annullato',
    },
  },
  paymentMethod: (method) => {
    const card = cardPayment.exec(method.trim());
    if (!card) return method;
    return card[1] ? `Carta di credito che termina con ${card[1]}` : 'Carta di credito';
  },
};

const WORDS: Record<ShopLocale, MailWords> = { en, it };

export function mailWords(locale: ShopLocale): MailWords {
  return WORDS[locale];
}
