import { describe, expect, it } from 'vitest';

import { MESSAGES } from '~/lib/messages';

import { validateWishlist } from './wishlist-validation';

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('validateWishlist', () => {
  it('lets a Notify Me form with a basic email through', () => {
    expect(validateWishlist(form({ intent: 'notify', formKey: 'notify-x', email: ' Ada@Example.com ', productId: 'p1' }))).toBeNull();
  });

  it("answers the spec's message for a missing or malformed email, by field", () => {
    expect(validateWishlist(form({ intent: 'notify', formKey: 'notify-x', email: 'not-an-email@x' }))).toEqual({
      email: [MESSAGES.invalidEmail],
    });
    expect(validateWishlist(form({ intent: 'notify', formKey: 'notify-x' }))).toEqual({ email: [MESSAGES.invalidEmail] });
  });
});
