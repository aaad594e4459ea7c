import { describe, expect, it } from 'vitest';
import type { ZodTypeAny } from 'zod';

import { deleteAccountRequestSchema } from '@contract/api/privacy';

import { guestAccountSchema, newPasswordStepSchema, registerStepSchema, resetCodeStepSchema, verifyStepSchema } from '~/forms/auth';
import { contactSchema } from '~/forms/contact';
import { deliveryAddressFormSchema } from '~/forms/delivery-address';
import { profileSchema } from '~/forms/profile';
import { purchaseSchema } from '~/forms/purchase';
import { returnFormSchema } from '~/forms/returns';
import { wishlistSchema } from '~/forms/wishlist';

import { FORM_MESSAGE_KEYS } from './form-messages.server';
import { i18nData, serverFormMessage } from './i18n.server';

/** Every message a schema gives for these values. */
function messages(schema: ZodTypeAny, values: unknown[]): string[] {
  return values.flatMap((value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  });
}

const long = (n: number) => 'a'.repeat(n);

describe('the validation messages of the shared schemas in Italian', () => {
  it('knows every message the shoppers forms can give, so none reaches an Italian page in English', () => {
    const given = new Set([
      ...messages(registerStepSchema, [
        {},
        { name: 'a', surname: 'b', password: 'short', confirmPassword: 'x' },
        { name: long(60), surname: long(60), password: long(130), confirmPassword: '' },
        { name: '4d4', surname: '!x', password: 'alllowercase1', confirmPassword: 'alllowercase1', acceptedTerms: 'on' },
        { name: 'Ada', surname: 'Rossi', password: 'ALLUPPERCASE1', confirmPassword: 'ALLUPPERCASE1', acceptedTerms: 'on' },
        { name: 'Ada', surname: 'Rossi', password: 'NoDigitsHere', confirmPassword: 'NoDigits', acceptedTerms: 'on' },
      ]),
      ...messages(verifyStepSchema, [{}, { verificationCode: '12' }]),
      ...messages(resetCodeStepSchema, [{}, { resetCode: 'abc' }]),
      ...messages(newPasswordStepSchema, [{}, { newPassword: 'Sunny-Day-2026', confirmNewPassword: 'other' }]),
      ...messages(guestAccountSchema, [{ password: '' }]),
      ...messages(contactSchema, [
        {},
        { name: long(101), email: 'nope', reason: 'x', subject: long(201), message: long(5001) },
        { email: `${long(250)}@example.com` },
      ]),
      ...messages(profileSchema, [{ first_name: '', last_name: '', phone: 'abc', address: long(301) }, { phone: `+39 ${'1'.repeat(40)}` }]),
      ...messages(deleteAccountRequestSchema, [{ confirm_email: ' ' }]),
      ...messages(deliveryAddressFormSchema, [
        {},
        { name: long(101), line1: long(201), line2: long(201), postal_code: long(21), city: long(101), state: long(101), country: 'US' },
        { name: 'Bea', line1: 'Via Po 1', postal_code: '1012', city: 'Torino', country: 'IT' },
      ]),
      ...messages(wishlistSchema, [{}, { intent: 'notify', formKey: 'bad key!', email: 'x' }]),
      ...messages(purchaseSchema, [{ intent: 'add-to-cart' }, { intent: 'quick-purchase' }]),
      ...messages(returnFormSchema, [
        {},
        { reason: 'nope', comment: long(501), lines: [{ item_id: 'x', quantity: 'x', exchange_variant_id: 'x' }] },
        {
          reason: 'damaged',
          lines: [
            { item_id: '00000000-0000-4000-8000-000000000000', quantity: 1, exchange_variant_id: '00000000-0000-4000-8000-000000000001' },
          ],
        },
        {
          reason: 'too_small',
          lines: [
            { item_id: '00000000-0000-4000-8000-000000000000', quantity: 1, exchange_variant_id: '00000000-0000-4000-8000-000000000001' },
            { item_id: '00000000-0000-4000-8000-000000000002', quantity: 1 },
          ],
        },
      ]),
    ]);
    const unknown = [...given].filter((message) => !Object.hasOwn(FORM_MESSAGE_KEYS, message));
    expect(unknown).toEqual([]);
    expect(given.size).toBeGreaterThan(40);
  });

  it('sends Italian pages each message with its translation, and English pages nothing', () => {
    expect(i18nData('en', 'forms').formMessages).toBeUndefined();
    const italian = i18nData('it', 'forms').formMessages!;
    expect(Object.keys(italian).sort()).toEqual(Object.keys(FORM_MESSAGE_KEYS).sort());
    expect(italian['Passwords do not match']).toBe('Le password non coincidono');
    expect(Object.entries(italian).filter(([english, text]) => english === text)).toEqual([]);
  });

  it('says a message in the language asked for, and any other text as it is', () => {
    expect(serverFormMessage('it')('Please enter your email')).toBe('Inserisci la tua email');
    expect(serverFormMessage('en')('Please enter your email')).toBe('Please enter your email');
    expect(serverFormMessage('it')('Too many requests')).toBe('Too many requests');
  });
});
