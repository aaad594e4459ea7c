import { Hono } from 'hono';

import type { AppEnv } from '../../deps.js';
import { adminCustomerRoutes } from './customers.js';
import { adminDiscountRoutes } from './discounts.js';
import { adminGiftCardRoutes } from './gift-cards.js';
import { staffOrOwner } from './guard.js';
import { adminHomeRoutes } from './home.js';
import { adminInsightRoutes } from './insights.js';
import { adminNavigationRoutes } from './navigation.js';
import { adminOrderRoutes } from './orders.js';
import { adminPageRoutes } from './pages.js';
import { adminPrivacyRoutes } from './privacy.js';
import { adminProductRoutes } from './products.js';
import { adminReturnRoutes } from './returns.js';
import { adminSettingsRoutes } from './settings.js';
import { adminShippingRoutes } from './shipping.js';
import { adminShopDataRoutes } from './shop-data.js';
import { adminStaffRoutes } from './staff.js';
import { adminStockRoutes } from './stock.js';

/**
 * The back office's routes, mounted at /api/admin: the CLI calls them with the admin token kept in
 * DATA_DIR (acting as the owner), the back office with the signed-in staff member's own session token,
 * so roles are enforced here. Never handed to shoppers. One file per area; each guards its owner-only
 * routes with `ownerOnly`.
 */
export function adminRoutes() {
  const app = new Hono<AppEnv>();
  app.use(staffOrOwner);
  app.route('/', adminStaffRoutes());
  app.route('/', adminCustomerRoutes());
  app.route('/', adminPrivacyRoutes());
  app.route('/', adminSettingsRoutes());
  app.route('/', adminInsightRoutes());
  app.route('/', adminDiscountRoutes());
  app.route('/', adminGiftCardRoutes());
  app.route('/', adminProductRoutes());
  app.route('/', adminStockRoutes());
  app.route('/', adminShippingRoutes());
  app.route('/', adminOrderRoutes());
  app.route('/', adminShopDataRoutes());
  app.route('/', adminReturnRoutes());
  app.route('/', adminPageRoutes());
  app.route('/', adminNavigationRoutes());
  app.route('/', adminHomeRoutes());
  return app;
}
