import { BRAND } from '@contract/brand';
import { shopPagePath } from '@contract/locale';
import { formatEuro } from '@contract/money';
import { formatLaunchTime, SHOP_TIME_ZONE } from '@contract/shop-time';

import type { MailWords } from './types.js';

const longDay = { it: new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SHOP_TIME_ZONE }) };
const cardPayment = /^Credit Card(?: ending in (\d{4}))?$/;

/** The shop's emails in Italian: the shop's own Italian, not a word-for-word copy. */
export const it: MailWords = {
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
