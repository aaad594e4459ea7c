import type { ApiEnv } from '../../env.js';
import type { PaymentProvider } from './provider.js';
import { createStripeClient, createStripeProvider } from './stripe-provider.js';
import { createTestPaymentProvider } from './test-provider.js';

/** Stripe when a secret key is set, otherwise the built-in test page: the API and the owner's CLI choose alike. */
export function paymentsFromEnv(env: Pick<ApiEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'PUBLIC_API_URL'>): PaymentProvider {
  return env.STRIPE_SECRET_KEY
    ? createStripeProvider({ client: createStripeClient(env.STRIPE_SECRET_KEY), webhookSecret: env.STRIPE_WEBHOOK_SECRET })
    : createTestPaymentProvider(env.PUBLIC_API_URL);
}
