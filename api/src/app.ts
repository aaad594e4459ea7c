import { Hono } from 'hono';

import { preferredLocale } from '@contract/locale';

import { createCodeService } from './auth/codes.js';
import { createTokenService } from './auth/tokens.js';
import type { AppDeps, AppEnv } from './deps.js';
import { errorBody, errorResponse } from './http-errors.js';
import { idempotentWrites } from './idempotency.js';
import { observeRequests } from './observe-requests.js';
import { refuseNulInUrl, refuseOversizedBodies } from './request-guards.js';
import { adminRoutes } from './routes/admin/index.js';
import { authRoutes } from './routes/auth.js';
import { cardRoutes } from './routes/cards.js';
import { cartRoutes } from './routes/cart.js';
import { checkoutRoutes } from './routes/checkout.js';
import { contactRoutes } from './routes/contact.js';
import { devClockRoutes } from './routes/dev-clock.js';
import { devMailboxRoutes } from './routes/dev-mailbox.js';
import { discountRoutes } from './routes/discounts.js';
import { giftCardRoutes, storeCreditRoutes } from './routes/gift-cards.js';
import { healthRoutes } from './routes/health.js';
import { homeRoutes } from './routes/home.js';
import { marketingRoutes } from './routes/marketing.js';
import { navigationRoutes } from './routes/navigation.js';
import { orderRoutes } from './routes/orders.js';
import { pageRoutes } from './routes/pages.js';
import { privacyRoutes } from './routes/privacy.js';
import { productRoutes } from './routes/products.js';
import { profileRoutes } from './routes/profile.js';
import { returnRoutes } from './routes/returns.js';
import { staffAuthRoutes } from './routes/staff-auth.js';
import { storageRoutes } from './routes/storage.js';
import { testPaymentRoutes } from './routes/test-payments.js';
import { wishlistRoutes } from './routes/wishlist.js';
import { apiSecurityHeaders } from './security-headers.js';
import { watchOf } from './services/catalogue-watch.js';

export type { AppConfig, AppDeps, AppEnv } from './deps.js';

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const auth = {
    tokens: createTokenService(deps.db, deps.clock, deps.config.jwtSecret),
    codes: createCodeService(deps.db, deps.clock, deps.config.jwtSecret),
  };
  app.use(observeRequests(deps));
  app.use(apiSecurityHeaders());
  app.use(refuseOversizedBodies());
  app.use(refuseNulInUrl);
  app.use(async (c, next) => {
    c.set('deps', deps);
    c.set('auth', auth);
    c.set('locale', preferredLocale(c.req.header('Accept-Language')));
    await next();
    // Whatever a request changed (stock above all) is in this instance's kept catalogue before it
    // answers, so the shopper's next read sees it (ADR 035). Reads change nothing and do not wait.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await watchOf(deps.db)?.settle();
  });
  // A mutation sent again with its Idempotency-Key gets the first answer instead of running twice (ADR 044).
  app.use(idempotentWrites());

  app.route('/', healthRoutes());
  app.route('/api/auth', authRoutes());
  app.route('/api/products', productRoutes());
  app.route('/api/products', wishlistRoutes());
  app.route('/api/admin', adminRoutes());
  app.route('/api/staff', staffAuthRoutes());
  app.route('/api/cart/', cartRoutes());
  app.route('/api/checkout/', checkoutRoutes());
  app.route('/api/discounts', discountRoutes());
  app.route('/api/gift-cards', giftCardRoutes());
  app.route('/api/user/', profileRoutes());
  app.route('/api/user/', orderRoutes());
  app.route('/api/user/', storeCreditRoutes());
  app.route('/api/returns', returnRoutes());
  app.route('/api/cards', cardRoutes());
  if (deps.payments.name === 'test') app.route('/', testPaymentRoutes());
  app.route('/api/contact', contactRoutes());
  app.route('/api/privacy', privacyRoutes());
  app.route('/api/pages', pageRoutes());
  app.route('/api/navigation', navigationRoutes());
  app.route('/api/home', homeRoutes());
  app.route('/api/marketing', marketingRoutes());
  app.route('/', storageRoutes());
  if (deps.mail.transport === 'outbox' && deps.config.devMailbox) app.route('/', devMailboxRoutes());
  if (deps.devClock) app.route('/', devClockRoutes(deps.devClock));

  app.notFound((c) => c.json(errorBody('Not Found', 'not_found'), 404));
  app.onError((error, c) => errorResponse(c, error, deps.log.error));
  return app;
}

export type App = ReturnType<typeof createApp>;
