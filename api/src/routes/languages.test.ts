import { describe, expect, it } from 'vitest';

import { pdfText } from '../../../tests/support/pdf-text';
import { buyThroughCheckout, PAID_CARD, setVariant, shopper } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { readOutbox } from '../services/mail';

// The shop's emails and receipts in the shopper's language (ADR 046): the storefront says the page's
// language with every call; the API mails in it at once (codes, welcome, acknowledgements) and
// records it on the account, the order and the back-in-stock request, whose later emails follow it.
const api = useTestApi();

const mails = async (to: string) => readOutbox(api.database.db, to);
const newest = async (to: string, subject: RegExp) => (await mails(to)).find((m) => subject.test(m.subject))!;

async function admin(path: string, body: unknown) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method: 'POST',
    headers: { ...cliHeaders, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

let variantNumber = 0;
async function freshVariant(stock = 20) {
  const variant = api.stocked[variantNumber++];
  await setVariant(api, variant.id, { stock_quantity: stock, price: 4_500 });
  return variant;
}

describe('emails in Italian', () => {
  it('sign-in codes and the welcome speak the language of the page they were asked from; the account keeps it', async () => {
    const s = shopper(api, { locale: 'it' });
    const answer = await s.register();
    expect(answer.user.locale).toBe('it');
    const code = await newest(s.email!, /codice di verifica/);
    expect(code.subject).toMatch(/^Il tuo codice di verifica FILO: \d{6}$/);
    expect(code.text).toContain('Inserisci questo codice per creare il tuo account FILO.');
    expect(code.html).toContain('<html lang="it">');
    const welcome = await newest(s.email!, /^Benvenuto/);
    expect(welcome.subject).toBe('Benvenuto in FILO, Ada');
    expect(welcome.text).toMatch(/Vai al tuo profilo: http:\/\/[^/]+\/it\/profile/);
    expect((await s.get('/api/user/profile')).body.locale).toBe('it');

    const english = shopper(api);
    await english.register();
    expect((await newest(english.email!, /verification code/)).subject).toMatch(/^Your FILO verification code: \d{6}$/);
    expect((await newest(english.email!, /verification code/)).html).toContain('<html lang="en">');
  });

  it('an order placed in Italian: confirmation, shipping and delivery in Italian, links to the Italian pages', async () => {
    const variant = await freshVariant();
    const s = shopper(api, { locale: 'it' });
    await s.signInAsGuest();
    const purchaseId = await buyThroughCheckout(api, s, [{ id: variant.id }]);
    const confirmation = await newest(s.email!, /^Il tuo ordine FILO ORD-/);
    expect(confirmation.text).toContain('Grazie per il tuo ordine');
    expect(confirmation.text).toMatch(/Abbiamo ricevuto il tuo ordine ORD-[\dA-F-]+ e lo stiamo preparando\./);
    expect(confirmation.text).toContain('Subtotale: €45,00. Spedizione: €20,00. Totale: €65,00 (di cui IVA: €8,11).');
    expect(confirmation.text).toMatch(/Consegna prevista: \d{1,2} \w+ \d{4}\./);
    expect(confirmation.text).toMatch(/Crea un account con questa email per conservare ordini e ricevute: http:\/\/[^/]+\/it\/register/);

    expect((await admin('orders/ship', { order: purchaseId, carrier: 'BRT', tracking: 'BRT 123' })).status).toBe(200);
    const shipped = await newest(s.email!, /è stato spedito$/);
    expect(shipped.text).toContain('partito dal nostro laboratorio con BRT');
    expect(shipped.text).toContain('Numero di tracciamento: BRT 123.');

    expect((await admin('orders/deliver', { order: purchaseId })).status).toBe(200);
    const delivered = await newest(s.email!, /è stato consegnato$/);
    expect(delivered.text).toContain('entro 14 giorni dalla consegna');
    expect(delivered.text).toMatch(/Reso o cambio: http:\/\/[^/]+\/it\/returns\//);

    // The same order's emails stay Italian whatever language a later call comes in.
    const row = await api.database.db.selectFrom('purchases').select('locale').where('id', '=', purchaseId).executeTakeFirstOrThrow();
    expect(row.locale).toBe('it');
  });

  it('a receipt in the language of its order', async () => {
    const variant = await freshVariant();
    const s = shopper(api, { locale: 'it' });
    await s.register();
    const purchaseId = await buyThroughCheckout(api, s, [{ id: variant.id }]);
    const res = await api.app.request(`/api/user/purchase/${purchaseId}/receipt`, {
      headers: { Authorization: `Bearer ${s.accessToken}` },
    });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('Ricevuta');
    expect(text).toMatch(/Numero d'ordine: ORD-/);
    expect(text).toContain('Stato: In lavorazione');
    expect(text).toContain('Articolo');
    expect(text).toContain('€45,00');
    expect(text).toContain('di cui IVA 22%');
    expect(text).not.toMatch(/Receipt|Subtotal\b|Order number|Shipping/);
  });

  it('back-in-stock: the confirmation and the email when it is back, in the language of the request', async () => {
    const variant = await freshVariant(0);
    const email = `wish-${Date.now()}@example.com`;
    const asked = await api.app.request('/api/products/wishlist', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'it-IT,it;q=0.9' },
      body: JSON.stringify({ email, product_variant_id: variant.id }),
    });
    expect(asked.status).toBe(201);
    const listed = await newest(email, /^Ti scriveremo/);
    expect(listed.text).toContain('Sei in lista');
    expect(listed.text).toMatch(/Annulla l'email di disponibilità: http:\/\/[^/]+\/it\/wishlist\/unsubscribe\?token=/);

    expect((await admin('restock', { sku: variant.sku, quantity: 3 })).status).toBe(200);
    const back = await newest(email, /^Di nuovo disponibile/);
    expect(back.text).toContain('è di nuovo disponibile');
    expect(back.text).toMatch(/Vedi il prodotto: http:\/\/[^/]+\/it\/product\//);
  });

  it('the contact acknowledgement, and a password reset code, in the language asked in', async () => {
    const sent = await api.app.request('/api/contact/submit', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'it' },
      body: JSON.stringify({ name: 'Ada', email: 'ada.contatto@example.com', reason: 'order', subject: 'Taglia', message: 'Ciao!' }),
    });
    expect(sent.status).toBe(201);
    const ack = await newest('ada.contatto@example.com', /^Abbiamo ricevuto/);
    expect(ack.text).toContain('(problema con un ordine o un acquisto)');

    const member = shopper(api);
    await member.register();
    const italian = shopper(api, { locale: 'it' });
    expect((await italian.post('/api/auth/request-password-reset', { email: member.email })).status).toBe(200);
    expect((await newest(member.email!, /reimpostare la password/)).subject).toMatch(
      /^Il tuo codice per reimpostare la password FILO: \d{6}$/,
    );
  });

  it("keeps the shopper's own choice of language, which later sign-ins answer with", async () => {
    const s = shopper(api);
    await s.register();
    const saved = await s.put('/api/user/locale', { locale: 'it' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ locale: 'it' });
    expect((await s.login(s.email!)).user.locale).toBe('it');
    expect((await s.put('/api/user/locale', { locale: 'de' })).status).toBe(422);
    expect((await shopper(api).put('/api/user/locale', { locale: 'it' })).status).toBe(401);
  });
});

describe('refusals a shopper reads, by their code', () => {
  it('a code asked for again too soon says how long to wait in Retry-After, so the storefront can say it in any language', async () => {
    const s = shopper(api, { locale: 'it' });
    const email = `soon-${Date.now()}@example.com`;
    expect((await s.post('/api/auth/register', { email, guest_checkout: true })).status).toBe(200);
    const again = await s.post('/api/auth/register', { email, guest_checkout: true });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('code_too_soon');
    const wait = Number(again.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(again.body.detail).toBe(`Please wait ${wait} seconds before requesting a new code.`);
  });
});

describe('the test payment page in the language of the order', () => {
  async function startCheckout(locale?: 'it') {
    const variant = await freshVariant();
    const s = shopper(api, locale ? { locale } : {});
    await s.signInAsGuest();
    await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 });
    const started = await s.post('/api/checkout/', {
      success_url: 'http://shop.test/it/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/it/cart',
      email: s.email,
      metadata: {},
    });
    expect(started.status).toBe(200);
    return { s, path: new URL(started.body.checkout_url).pathname };
  }

  it('speaks Italian for an order checked out in Italian: labels, amounts, checks and a declined card', async () => {
    const { s, path } = await startCheckout('it');
    // The page is opened by the browser, with whatever language it asks for: the order's decides.
    const page = await api.app.request(path);
    const html = await page.text();
    expect(html).toContain('<html lang="it">');
    // The controls keep the English names outside checks find them by, their Italian beside them.
    for (const [label, italian] of [
      ['Card number', 'Numero della carta'],
      ['Expiry', 'Scadenza'],
      ['Name on card', 'Nome sulla carta'],
      ['Full name', 'Nome e cognome'],
      ['Address line 1', 'Indirizzo'],
      ['Postal code', 'CAP'],
      ['City', 'Città'],
      ['Country', 'Paese'],
    ])
      expect(html).toMatch(
        new RegExp(`<label for="([a-z_0-9]+)" lang="en">${label}</label><div class="beside" id="\\1-beside">${italian}</div>`),
      );
    expect(html).toMatch(/aria-describedby="card_number-beside"/);
    expect(html).toMatch(/<h1>Paga €65,00<\/h1>/);
    expect(html).toMatch(/<button type="submit">Pay €65,00 · Paga<\/button>/);
    expect(html).toContain('<legend>Indirizzo di consegna</legend>');
    expect(html).toContain('<option value="DE">Germania</option>');
    expect(html).toContain('IVA inclusa (22%)');
    expect(html).not.toMatch(/Delivery address|VAT included/);

    const refused = await s.request('POST', path, undefined, { form: { ...PAID_CARD, expiry: '13/40', shipping_postal_code: '1' } });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Controlla i campi evidenziati.');
    expect(refused.text).toContain('Inserisci la scadenza nel formato MM/AA');
    expect(refused.text).toContain('Inserisci un CAP valido per: Italia');

    const declined = await s.request('POST', path, undefined, { form: { ...PAID_CARD, card_number: '4000 0000 0000 0002' } });
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('<h1>Pagamento rifiutato</h1>');
    expect(declined.text).toContain('Prova con un&#39;altra carta');

    const paid = await s.request('POST', path, undefined, { form: PAID_CARD });
    expect(paid.status).toBe(303);
    const again = await api.app.request(path);
    expect(await again.text()).toContain('Questo ordine è già stato pagato.');
  });

  it('keeps the English page word for word for an English order', async () => {
    const { path } = await startCheckout();
    const html = await (await api.app.request(path, { headers: { 'Accept-Language': 'it' } })).text();
    expect(html).toContain('<html lang="en">');
    for (const label of [
      'Card number',
      'Expiry',
      'CVC',
      'Name on card',
      'Full name',
      'Address line 1',
      'Address line 2 \\(optional\\)',
      'Postal code',
      'City',
      'State or province \\(optional\\)',
      'Country',
    ])
      expect(html).toMatch(new RegExp(`<label for="[a-z_0-9]+">${label}</label>`));
    expect(html).toMatch(/<button type="submit">Pay €65\.00<\/button>/);
    expect(html).toContain('<option value="DE">Germany</option>');
    expect(html).not.toContain('class="beside"');
  });
});
