import { describe, expect, it } from 'vitest';

import { setVariant, shopper, stockOf } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';
import { findUserByEmail } from '../auth/users';
import { DomainError } from '../domain-error';
import { openCheckoutSession } from '../services/checkout';

const api = useTestApi();

describe('a checkout whose caller went away', () => {
  it('is released at once (stock back, session cancelled) when the request was aborted while the provider was asked; a caller that waits keeps it', async () => {
    const variant = api.stocked[0];
    await setVariant(api, variant.id, { stock_quantity: 5 });
    const buyer = shopper(api);
    await buyer.signInAsGuest();
    const user = (await findUserByEmail(api.database.db, buyer.email!))!;
    const gone = new AbortController();
    // The storefront gives up while the payment provider is being asked (a rush, a slow provider).
    const payments = {
      ...api.deps.payments,
      async createCheckout(input: Parameters<typeof api.deps.payments.createCheckout>[0]) {
        gone.abort();
        return api.deps.payments.createCheckout(input);
      },
    };
    const open = (signal?: AbortSignal) =>
      openCheckoutSession(
        { ...api.deps, payments },
        {
          user,
          kind: 'quick',
          cartId: null,
          cartTokenHash: null,
          lines: [{ variantId: variant.id, quantity: 2 }],
          successUrl: 'http://shop.test/s',
          cancelUrl: 'http://shop.test/c',
          metadata: {},
          signal,
        },
      );
    const refused = await open(gone.signal).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('upstream_unavailable');
    const sessions = await api.database.db.selectFrom('checkout_sessions').select('status').where('email', '=', buyer.email!).execute();
    expect(sessions).toEqual([{ status: 'cancelled' }]);
    expect(await stockOf(api, variant.id)).toBe(5);

    const kept = await open(new AbortController().signal);
    expect(kept.checkout_url).toContain(kept.session_id);
    expect(await stockOf(api, variant.id)).toBe(3);
  });
});
