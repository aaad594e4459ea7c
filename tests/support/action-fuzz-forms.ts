// What the storefront action fuzzer (app/routes/actions-fuzz.test.ts) posts: the intents and field
// names of the storefront's forms, real forms mutated, and bodies of every kind a client may send.
import fc from 'fast-check';

import { CHANGEABLE_RETENTION_KINDS } from '@contract/retention';

/** Intents the storefront's forms send. */
export const INTENTS = [
  'notify',
  'add-to-cart',
  'quick-purchase',
  'increment',
  'decrement',
  'remove',
  'clear',
  'checkout',
  'email',
  'send-code-register',
  'send-code-guest',
  'resend-code',
  'verify',
  'register',
  'login',
  'forgot-password',
  'resend-reset',
  'reset-code',
  'new-password',
  'success',
  'reset-success',
  'verify-or-guest',
  'set-password',
  'add',
  'resend',
  'ship',
  'deliver',
  'note',
  'keep-guest-as-account',
  'erase',
  'withdraw-consent',
  'apply-gift-card',
  'remove-gift-card',
  'buy',
  'check-balance',
  'issue',
  'product',
  'bonus',
];

/** Field names the storefront's forms use; the fuzzer adds the honeypot's. */
export const FUZZ_FIELDS = [
  'intent',
  'email',
  'password',
  'confirmPassword',
  'name',
  'surname',
  'verificationCode',
  'acceptedTerms',
  'marketing',
  'resetCode',
  'newPassword',
  'confirmNewPassword',
  'formKey',
  'productId',
  'variantId',
  'returnTo',
  'redirectTo',
  'itemId',
  'quantity',
  'reason',
  'subject',
  'message',
  'delivery',
  'context',
  'code',
  'confirm',
  'role',
  'carrier',
  'tracking',
  'note',
  'sku',
  'idempotency_key',
  'amount',
  'restock',
  'low_stock_threshold',
  'lines[0].item_id',
  'lines[0].quantity',
  'confirm_email',
  'kind',
  'gift_card_code',
  'variant_id',
  'for',
  'recipient_name',
  'recipient_email',
  'send_on',
  'refund_to',
  'line1',
  'line2',
  'postal_code',
  'city',
  'state',
  'country',
  'percent',
  'amounts',
  'expires_on',
  'direction',
  ...CHANGEABLE_RETENTION_KINDS,
];

/** A real form with each field kept, swapped for a hostile value, sent twice or dropped, plus a few extras. */
export function mutated(
  example: Record<string, string>,
  fieldValue: fc.Arbitrary<string>,
  pair: fc.Arbitrary<[string, string]>,
): fc.Arbitrary<[string, string][]> {
  const fields = Object.entries(example).map(([name, original]) =>
    fc.oneof(
      { weight: 5, arbitrary: fc.constant([[name, original]]) },
      { weight: 2, arbitrary: fieldValue.map((v) => [[name, v]]) },
      {
        weight: 1,
        arbitrary: fieldValue.map((v) => [
          [name, original],
          [name, v],
        ]),
      },
      { weight: 1, arbitrary: fc.constant([]) },
    ),
  );
  return fc
    .tuple(fc.tuple(...fields), fc.array(pair, { maxLength: 2 }))
    .map(([kept, extra]) => [...kept.flat(), ...extra] as [string, string][]);
}

export type Body = { contentType?: string; payload: BodyInit | null };
export const bodyFor = (form: fc.Arbitrary<[string, string][]>): fc.Arbitrary<Body> =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: form.map((pairs) => ({
        contentType: 'application/x-www-form-urlencoded',
        payload: new URLSearchParams(pairs).toString(),
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(form, fc.boolean()).map(([pairs, withFile]) => {
        const data = new FormData();
        for (const [name, value] of pairs) data.append(name, value);
        if (withFile) data.append(pairs[0]?.[0] ?? 'email', new Blob(['not text'], { type: 'application/octet-stream' }), 'upload.bin');
        return { payload: data };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          'application/json',
          'text/plain',
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          undefined,
        ),
        payload: fc.constantFrom(
          '{"intent":"clear"}',
          '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nclear',
          'a=%zz&b=%E0%A4%A',
          '%',
          '',
          '\u0000',
        ),
      }),
    },
  );
