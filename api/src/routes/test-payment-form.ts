import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';

import { isShippingCountry, SHIPPING_COUNTRIES, SHIPPING_COUNTRY_CODES, type ShippingCountry } from '@contract/address';

import { PAY_WORDS, type PayWords } from './test-payment-words.js';

// What the test payment page posts, checked with its messages in the order's language (test-payments.ts).

const digits = (value: string) => value.replace(/[\s-]/g, '');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

const required = (w: PayWords, message: string, max = 200) =>
  z.string({ required_error: message }).trim().min(1, message).max(max, w.atMost(message, max));

/** The Luhn check every real card number passes: a mistyped digit is caught before the bank sees it. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A country the shop ships to, chosen by code or typed by name (in English or the page's language). */
const country = (w: PayWords) =>
  z
    .string({ required_error: w.chooseShippingCountry })
    .trim()
    .transform((value) => {
      const code = value.toUpperCase();
      if (isShippingCountry(code)) return code;
      const typed = value.toLowerCase();
      return (
        SHIPPING_COUNTRY_CODES.find((c) => [SHIPPING_COUNTRIES[c], w.countryName(c)].some((name) => name.toLowerCase() === typed)) ?? ''
      );
    })
    .refine((code) => code !== '', w.chooseShippingCountry);

/** The card the payment page asks for, its messages in `w`'s language. `now` decides whether the card has expired. */
const cardFields = (now: Date, w: PayWords) => ({
  card_number: z
    .string({ required_error: w.enterCardNumber })
    .transform(digits)
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, w.enterCardNumber)
        .refine(passesLuhn, w.cardNotValid),
    ),
  expiry: z
    .string({ required_error: w.enterExpiry })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, w.enterExpiry)
    .refine((value) => !cardExpired(value, now), w.cardExpired),
  cvc: z
    .string({ required_error: w.enterCvc })
    .trim()
    .regex(/^\d{3,4}$/, w.enterCvc),
  name_on_card: required(w, w.enterNameOnCard, 100),
});

/** What the payment page posts for goods: the card and where the order goes. */
export function paymentForm(now: Date, w: PayWords = PAY_WORDS.en) {
  return z.object({ ...cardFields(now, w), ...addressFields(w) }).superRefine(postalCodeFits(w));
}

/** What it posts for gift cards alone (ADR 064): they ship nowhere, so the card only. */
export function cardOnlyForm(now: Date, w: PayWords = PAY_WORDS.en) {
  return z.object(cardFields(now, w));
}

// Physical goods need somewhere to go: name, street, city, postal code and country are required.
const addressFields = (w: PayWords) => ({
  shipping_name: required(w, w.enterDeliveryName, 100),
  shipping_line1: required(w, w.enterStreet),
  shipping_line2: optionalText(200),
  shipping_city: required(w, w.enterCity, 100),
  shipping_state: optionalText(100),
  shipping_postal_code: required(w, w.enterPostalCode, 20),
  shipping_country: country(w),
});

/** A postal code in the shape the chosen country uses (Austria's four digits, the UK's "SW1A 1AA"). */
const postalCodeFits = (w: PayWords) => (form: { shipping_country: string; shipping_postal_code: string }, ctx: z.RefinementCtx) => {
  if (postcodeValidatorExistsForCountry(form.shipping_country) && !postcodeValidator(form.shipping_postal_code, form.shipping_country)) {
    ctx.addIssue({
      code: 'custom',
      path: ['shipping_postal_code'],
      message: w.validPostalCode(w.countryName(form.shipping_country as ShippingCountry)),
    });
  }
};

/** A card is good through the last day of its expiry month. */
function cardExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  const fullYear = year < 100 ? 2000 + year : year;
  return Date.UTC(fullYear, month, 1) <= now.getTime();
}
export type FormValues = Partial<Record<keyof z.input<ReturnType<typeof paymentForm>>, string>>;
