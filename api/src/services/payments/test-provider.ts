import { CART_RULES } from '@contract/shop-rules';

import type { PaymentProvider } from './provider.js';

/** Cards the test payment page knows (ARCHITECTURE.md "Test payment provider"). */
export const TEST_CARDS = { paid: '4242424242424242', declined: '4000000000000002' } as const;

/**
 * The built-in provider: the payment page is served by this API at /pay/<session id>
 * (routes/test-payments.ts), so the session id is ours and nothing leaves the machine.
 */
export function createTestPaymentProvider(publicApiUrl: string): PaymentProvider {
  const base = publicApiUrl.replace(/\/+$/, '');
  return {
    name: 'test',
    holdMs: CART_RULES.checkoutSessionTtlMs,
    async createCheckout({ sessionId }) {
      return { providerSessionId: sessionId, url: `${base}/pay/${sessionId}` };
    },
    // The page fulfils the session itself when the card is accepted.
    async retrievePayment() {
      return null;
    },
    // No money moved, so none goes back: the refund row is the record. Its id follows from the key,
    // so a retry names the same refund, as a real provider's idempotency does.
    async refund({ idempotencyKey }) {
      return { providerRefundId: `re_test_${idempotencyKey}` };
    },
  };
}
