import { SHIPPING_COUNTRIES, type ShippingCountry } from '@contract/address';
import type { ShopLocale } from '@contract/locale';

/**
 * The test payment page's words in the order's language (issue 38). The controls outside checks find
 * by name (ARCHITECTURE.md: "Card number", "Expiry", "CVC", "Name on card", "Full name", "Address
 * line 1"..., "Country", a button starting with "Pay") keep those English names in every language, as
 * the page stands for a provider's whose interface the checks know; an Italian page shows each one's
 * Italian beside it (`beside`, also its description) and says everything else in Italian.
 */
export interface PayWords {
  htmlLang: string;
  titleSuffix: string;
  pay: string;
  payAmount: (amount: string) => string;
  payButton: (amount: string) => string;
  /** The rows of what a gift card and store credit paid (ADR 052). */
  giftCard: string;
  storeCredit: string;
  /** The Italian of each named control, shown beside its English name; null on the English page. */
  beside: Record<string, string> | null;
  testNote: string;
  discount: (code: string) => string;
  freeShipping: string;
  shipping: string;
  vat: string;
  total: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  nameOnCard: string;
  deliveryAddress: string;
  fullName: string;
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  state: string;
  country: string;
  chooseCountry: string;
  countryName: (code: ShippingCountry) => string;
  cancel: string;
  backToShop: string;
  notFoundTitle: string;
  notFoundText: string;
  paidTitle: string;
  paidText: string;
  seeOrder: string;
  expiredTitle: string;
  expiredText: string;
  declinedTitle: string;
  declinedText: string;
  refundedTitle: string;
  refundedText: string;
  cancelledTitle: string;
  cancelledText: string;
  tryAnother: string;
  checkFields: string;
  notAccepted: string;
  onlyTestCards: string;
  declinedAgain: string;
  // The form's checks.
  enterCardNumber: string;
  cardNotValid: string;
  enterExpiry: string;
  cardExpired: string;
  enterCvc: string;
  enterNameOnCard: string;
  enterDeliveryName: string;
  enterStreet: string;
  enterCity: string;
  enterPostalCode: string;
  chooseShippingCountry: string;
  atMost: (message: string, max: number) => string;
  validPostalCode: (country: string) => string;
}

const italianRegions = new Intl.DisplayNames(['it'], { type: 'region' });

export const PAY_WORDS: Record<ShopLocale, PayWords> = {
  en: {
    htmlLang: 'en',
    titleSuffix: 'test payments',
    pay: 'Pay',
    payAmount: (amount) => `Pay ${amount}`,
    payButton: (amount) => `Pay ${amount}`,
    giftCard: 'Gift card',
    storeCredit: 'Store credit',
    beside: null,
    testNote:
      'Test payment page: no real card is charged. Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined card. Any expiry, CVC and name.',
    discount: (code) => `Discount (${code})`,
    freeShipping: 'Free shipping',
    shipping: 'Shipping',
    vat: 'VAT included (22%)',
    total: 'Total',
    cardNumber: 'Card number',
    expiry: 'Expiry',
    cvc: 'CVC',
    nameOnCard: 'Name on card',
    deliveryAddress: 'Delivery address',
    fullName: 'Full name',
    line1: 'Address line 1',
    line2: 'Address line 2 (optional)',
    postalCode: 'Postal code',
    city: 'City',
    state: 'State or province (optional)',
    country: 'Country',
    chooseCountry: 'Choose a country',
    countryName: (code) => SHIPPING_COUNTRIES[code],
    cancel: 'Cancel and return to the shop',
    backToShop: 'Return to the shop',
    notFoundTitle: 'Payment session not found',
    notFoundText: 'This payment link is not valid.',
    paidTitle: 'Already paid',
    paidText: 'This order has already been paid.',
    seeOrder: 'See your order',
    expiredTitle: 'Payment session expired',
    expiredText: 'This payment session has expired. Return to the shop and check out again.',
    declinedTitle: 'Payment declined',
    declinedText: 'Your card was declined. No payment was taken.',
    refundedTitle: 'Payment refunded',
    refundedText: 'This payment was refunded: the checkout had closed before it arrived.',
    cancelledTitle: 'Payment cancelled',
    cancelledText: 'This payment was cancelled.',
    tryAnother: 'Try another card',
    checkFields: 'Please check the highlighted fields.',
    notAccepted: 'Your card number was not accepted.',
    onlyTestCards: 'This test page accepts only the test cards shown above',
    declinedAgain: 'Your card was declined. Enter another card.',
    enterCardNumber: 'Enter the card number',
    cardNotValid: 'This card number is not valid',
    enterExpiry: 'Enter the expiry as MM/YY',
    cardExpired: 'This card has expired',
    enterCvc: 'Enter the 3 or 4 digit CVC',
    enterNameOnCard: 'Enter the name on the card',
    enterDeliveryName: 'Enter the name to deliver to',
    enterStreet: 'Enter the street and number',
    enterCity: 'Enter the city',
    enterPostalCode: 'Enter the postal code',
    chooseShippingCountry: 'Choose a country we ship to',
    atMost: (message, max) => `${message} (at most ${max} characters)`,
    validPostalCode: (country) => `Enter a valid postal code for ${country}`,
  },
  it: {
    htmlLang: 'it',
    titleSuffix: 'pagamenti di prova',
    pay: 'Paga',
    payAmount: (amount) => `Paga ${amount}`,
    payButton: (amount) => `Pay ${amount} · Paga`,
    giftCard: 'Carta regalo',
    storeCredit: 'Credito del negozio',
    beside: {
      card_number: 'Numero della carta',
      expiry: 'Scadenza',
      cvc: 'Codice di sicurezza',
      name_on_card: 'Nome sulla carta',
      shipping_name: 'Nome e cognome',
      shipping_line1: 'Indirizzo',
      shipping_line2: 'Indirizzo, riga 2 (facoltativo)',
      shipping_postal_code: 'CAP',
      shipping_city: 'Città',
      shipping_state: 'Provincia (facoltativo)',
      shipping_country: 'Paese',
    },
    testNote:
      'Pagina di pagamento di prova: nessuna carta viene addebitata davvero. Usa 4242 4242 4242 4242 per pagare, oppure 4000 0000 0000 0002 per vedere una carta rifiutata. Scadenza, CVC e nome a piacere.',
    discount: (code) => `Sconto (${code})`,
    freeShipping: 'Spedizione gratuita',
    shipping: 'Spedizione',
    vat: 'IVA inclusa (22%)',
    total: 'Totale',
    // The names outside checks use, as on the English page (`beside` gives their Italian).
    cardNumber: 'Card number',
    expiry: 'Expiry',
    cvc: 'CVC',
    nameOnCard: 'Name on card',
    deliveryAddress: 'Indirizzo di consegna',
    fullName: 'Full name',
    line1: 'Address line 1',
    line2: 'Address line 2 (optional)',
    postalCode: 'Postal code',
    city: 'City',
    state: 'State or province (optional)',
    country: 'Country',
    chooseCountry: 'Scegli un paese',
    countryName: (code) => italianRegions.of(code) ?? SHIPPING_COUNTRIES[code],
    cancel: 'Annulla e torna al negozio',
    backToShop: 'Torna al negozio',
    notFoundTitle: 'Sessione di pagamento non trovata',
    notFoundText: 'Questo link di pagamento non è valido.',
    paidTitle: 'Già pagato',
    paidText: 'Questo ordine è già stato pagato.',
    seeOrder: 'Vedi il tuo ordine',
    expiredTitle: 'Sessione di pagamento scaduta',
    expiredText: 'Questa sessione di pagamento è scaduta. Torna al negozio e ripeti il checkout.',
    declinedTitle: 'Pagamento rifiutato',
    declinedText: 'La tua carta è stata rifiutata. Non ti è stato addebitato nulla.',
    refundedTitle: 'Pagamento rimborsato',
    refundedText: 'Questo pagamento è stato rimborsato: il checkout si era chiuso prima che arrivasse.',
    cancelledTitle: 'Pagamento annullato',
    cancelledText: 'Questo pagamento è stato annullato.',
    tryAnother: "Prova con un'altra carta",
    checkFields: 'Controlla i campi evidenziati.',
    notAccepted: 'Il numero della carta non è stato accettato.',
    onlyTestCards: 'Questa pagina di prova accetta solo le carte di prova indicate sopra',
    declinedAgain: "La tua carta è stata rifiutata. Inseriscine un'altra.",
    enterCardNumber: 'Inserisci il numero della carta',
    cardNotValid: 'Questo numero di carta non è valido',
    enterExpiry: 'Inserisci la scadenza nel formato MM/AA',
    cardExpired: 'Questa carta è scaduta',
    enterCvc: 'Inserisci il CVC di 3 o 4 cifre',
    enterNameOnCard: 'Inserisci il nome sulla carta',
    enterDeliveryName: 'Inserisci il nome del destinatario',
    enterStreet: 'Inserisci via e numero civico',
    enterCity: 'Inserisci la città',
    enterPostalCode: 'Inserisci il CAP',
    chooseShippingCountry: 'Scegli un paese in cui spediamo',
    atMost: (message, max) => `${message} (al massimo ${max} caratteri)`,
    validPostalCode: (country) => `Inserisci un CAP valido per: ${country}`,
  },
};
