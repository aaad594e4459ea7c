import { describe, expect, it } from 'vitest';

import { ApiRequestError } from './api.server';
import { apiErrorText, discountErrorText, waitText } from './api-errors.server';

// What a shopper is told when the API refuses (ADR 046): English pages keep the API's detail, as the
// spec has them; other languages say the message of the answer's code, never its English detail.
describe('API errors in the page language', () => {
  const refused = (status: number, detail: string, code?: ConstructorParameters<typeof ApiRequestError>[3], retryAfter?: number) =>
    new ApiRequestError(status, detail, detail, code, retryAfter);

  it('keeps the detail in English', () => {
    expect(apiErrorText(refused(409, 'Only 2 left of Tracer Tee', 'out_of_stock'), 'en')).toBe('Only 2 left of Tracer Tee');
    expect(apiErrorText(new Error('boom'), 'en')).toBe('Something went wrong');
  });

  it("says the code's message in Italian, whatever the detail says", () => {
    expect(apiErrorText(refused(409, 'Only 2 left of Tracer Tee', 'out_of_stock'), 'it')).toBe(
      'Un articolo non è più disponibile nella quantità richiesta.',
    );
    expect(apiErrorText(refused(409, 'Tracer Tee is limited to 1 per customer', 'purchase_limit_reached'), 'it')).toBe(
      'Hai raggiunto il limite per cliente di questo prodotto.',
    );
    expect(apiErrorText(refused(409, 'Something new', 'conflict'), 'it')).toBe(
      'Nel frattempo qualcosa è cambiato. Ricarica la pagina e riprova.',
    );
    expect(apiErrorText(new Error('boom'), 'it')).toBe('Si è verificato un errore');
  });

  it('says why in Italian when the API was not reached or answered no code', () => {
    expect(apiErrorText(refused(503, 'Failed to fetch'), 'it')).toBe(
      'Il negozio non è raggiungibile in questo momento. Riprova tra qualche istante.',
    );
    expect(apiErrorText(refused(504, 'Request timed out'), 'it')).toBe('Il negozio ha impiegato troppo a rispondere. Riprova.');
    expect(apiErrorText(refused(502, 'HTTP error! status: 502'), 'it')).toBe('Si è verificato un errore. Riprova.');
  });

  it('says how long to wait from the Retry-After the API sent', () => {
    const soon = refused(429, 'Please wait 42 seconds before requesting a new code.', 'code_too_soon', 42);
    expect(waitText(soon, 'en')).toBe('Please wait 42 seconds before requesting a new code.');
    expect(waitText(soon, 'it')).toBe('Attendi 42 secondi e riprova.');
    expect(apiErrorText(refused(429, 'Too many requests', 'rate_limited', 1), 'it')).toBe('Attendi 1 secondo e riprova.');
    expect(apiErrorText(refused(429, 'Too many requests', 'rate_limited'), 'it')).toBe('Troppe richieste. Riprova tra qualche istante.');
  });

  it('names the discount code in its refusal', () => {
    const expired = refused(409, 'The code SPRING has expired.', 'discount_expired');
    expect(discountErrorText(expired, 'SPRING', 'en')).toBe('The code SPRING has expired.');
    expect(discountErrorText(expired, 'SPRING', 'it')).toBe('Il codice SPRING è scaduto.');
    expect(discountErrorText(refused(503, 'Failed to fetch'), 'SPRING', 'it')).toBe(
      'Il negozio non è raggiungibile in questo momento. Riprova tra qualche istante.',
    );
  });
});
