import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

import { DELIVERY_ADDRESS_MESSAGES, deliveryAddressSchema } from '@contract/delivery-address';

/**
 * The delivery address page's form (ADR 062), in the browser and in its action: the checkout's
 * address, with a postal code in the shape its country uses (the API checks it again).
 */
export const deliveryAddressFormSchema = deliveryAddressSchema.superRefine((address, ctx) => {
  // A country the shop does not know is the country field's error, not a reason to throw here.
  if (postcodeValidatorExistsForCountry(address.country) && !postcodeValidator(address.postal_code, address.country)) {
    ctx.addIssue({ code: 'custom', path: ['postal_code'], message: DELIVERY_ADDRESS_MESSAGES.postalCodeFits });
  }
});
