import { describe, expect, it } from 'vitest';

import { ApiRequestError } from './api.server';
import { contactErrorText } from './contact.server';

describe('contact error text', () => {
  it("is the server's detail when there is one", () => {
    expect(contactErrorText(new ApiRequestError(429, 'Too many messages'), 'en')).toBe('Too many messages');
  });
  it("is 'Failed to send message' for an answer without a detail", () => {
    expect(contactErrorText(new ApiRequestError(500, 'Something went wrong'), 'en')).toBe('Failed to send message');
    expect(contactErrorText(new ApiRequestError(502, 'HTTP error! status: 502'), 'en')).toBe('Failed to send message');
  });
  it("is 'Failed to send message. Please try again.' when the API was not reached", () => {
    expect(contactErrorText(new ApiRequestError(503, 'Failed to fetch'), 'en')).toBe('Failed to send message. Please try again.');
    expect(contactErrorText(new ApiRequestError(504, 'Request timed out'), 'en')).toBe('Failed to send message. Please try again.');
    expect(contactErrorText(new Error('boom'), 'en')).toBe('Failed to send message. Please try again.');
  });
  it("says the code's message in Italian, never the API's English", () => {
    expect(contactErrorText(new ApiRequestError(429, 'Too many messages', undefined, 'rate_limited', 30), 'it')).toBe(
      'Attendi 30 secondi e riprova.',
    );
    expect(contactErrorText(new ApiRequestError(422, 'Bad email', undefined, 'invalid_request'), 'it')).toBe(
      'Alcuni dati inviati non sono validi. Controllali e riprova.',
    );
    expect(contactErrorText(new ApiRequestError(503, 'Failed to fetch'), 'it')).toBe('Invio del messaggio non riuscito. Riprova.');
    expect(contactErrorText(new ApiRequestError(500, 'Something went wrong'), 'it')).toBe('Invio del messaggio non riuscito');
  });
});
