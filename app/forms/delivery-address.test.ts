import { describe, expect, it } from 'vitest';

import { DELIVERY_ADDRESS_MESSAGES } from '@contract/delivery-address';

import { deliveryAddressFormSchema } from './delivery-address';

const address = { name: 'Ada Rossi', line1: 'Via Tortona 31', city: 'Milano', postal_code: '20144', country: 'IT' };

function errorsOf(input: Record<string, unknown>) {
  const result = deliveryAddressFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the delivery address form', () => {
  it('accepts a postal code in the shape of its country, and refuses one in another shape', () => {
    expect(errorsOf(address)).toEqual({});
    expect(errorsOf({ ...address, country: 'AT', postal_code: 'ABC' })).toEqual({ postal_code: DELIVERY_ADDRESS_MESSAGES.postalCodeFits });
  });

  it('answers a country it does not know with the country message, not a thrown error', () => {
    expect(errorsOf({ ...address, country: '0' })).toEqual({ country: DELIVERY_ADDRESS_MESSAGES.country });
    expect(errorsOf({ ...address, country: 'ZZ', postal_code: '' })).toMatchObject({ country: DELIVERY_ADDRESS_MESSAGES.country });
  });
});
