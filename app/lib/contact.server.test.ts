import { describe, expect, it } from 'vitest';

import { ApiRequestError } from './api.server';
import { contactErrorText } from './contact.server';

describe('contact error text', () => {
  it("is the server's detail when there is one", () => {
    expect(contactErrorText(new ApiRequestError(429, 'Too many messages'))).toBe('Too many messages');
  });
  it("is 'Failed to send message' for an answer without a detail", () => {
    expect(contactErrorText(new ApiRequestError(500, 'Something went wrong'))).toBe('Failed to send message');
    expect(contactErrorText(new ApiRequestError(502, 'HTTP error! status: 502'))).toBe('Failed to send message');
  });
  it("is 'Failed to send message. Please try again.' when the API was not reached", () => {
    expect(contactErrorText(new ApiRequestError(503, 'Failed to fetch'))).toBe('Failed to send message. Please try again.');
    expect(contactErrorText(new ApiRequestError(504, 'Request timed out'))).toBe('Failed to send message. Please try again.');
    expect(contactErrorText(new Error('boom'))).toBe('Failed to send message. Please try again.');
  });
});
