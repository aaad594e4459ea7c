import { z } from 'zod';

import { isShippingCountry } from './address';

/**
 * The delivery address the shop asks for itself when nothing is left to pay (ADR 062): no payment page
 * will, so the storefront's form collects it and the checkout takes it as `shipping_address`. The
 * messages are the shop's English; pages say them in their language (app/lib/form-messages.server.ts).
 */
export const DELIVERY_ADDRESS_MESSAGES = {
  name: 'Enter the name to deliver to',
  line1: 'Enter the street and number',
  city: 'Enter the city',
  postalCode: 'Enter the postal code',
  postalCodeFits: 'Enter a valid postal code for the country you chose',
  country: 'Choose a country we ship to',
  tooLong: 'This line is too long for an address',
} as const;

const M = DELIVERY_ADDRESS_MESSAGES;

const required = (message: string, max: number) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, M.tooLong);

const optional = (max: number) =>
  z
    .string({ invalid_type_error: M.tooLong })
    .trim()
    .max(max, M.tooLong)
    .nullish()
    .transform((value) => value || null);

/** Name, street, postal code, city and a country the shop ships to (by its code); the second line and the state may be left out. */
export const deliveryAddressSchema = z.object({
  name: required(M.name, 100),
  line1: required(M.line1, 200),
  line2: optional(200),
  postal_code: required(M.postalCode, 20),
  city: required(M.city, 100),
  state: optional(100),
  country: z.string({ required_error: M.country, invalid_type_error: M.country }).trim().toUpperCase().refine(isShippingCountry, M.country),
});
export type DeliveryAddress = z.output<typeof deliveryAddressSchema>;
