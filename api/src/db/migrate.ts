import type { DatabaseHandle } from './database.js';
import catalogue from './migrations/001_catalogue.sql';
import mailOutbox from './migrations/002_mail_outbox.sql';
import auth from './migrations/003_auth.sql';
import wishlist from './migrations/004_wishlist.sql';
import contact from './migrations/005_contact.sql';
import cartCheckout from './migrations/006_cart_checkout.sql';
import cards from './migrations/007_cards.sql';
import staff from './migrations/008_staff.sql';
import orderNotes from './migrations/009_order_notes.sql';
import backOfficeIndexes from './migrations/010_back_office_indexes.sql';
import refunds from './migrations/011_refunds.sql';
import purchaseStats from './migrations/014_purchase_stats.sql';
import catalogueVersion from './migrations/015_catalogue_version.sql';
import customerNotesSettings from './migrations/016_customer_notes_settings.sql';
import drops from './migrations/017_drops.sql';
import imageFocalPoints from './migrations/018_image_focal_points.sql';
import productArchive from './migrations/019_product_archive.sql';
import discounts from './migrations/020_discounts.sql';
import returns from './migrations/021_returns.sql';
import catalogueSearch from './migrations/022_catalogue_search.sql';
import catalogueNotify from './migrations/023_catalogue_notify.sql';
import usersNotify from './migrations/024_users_notify.sql';
import cartsAndWishlistsNotify from './migrations/025_carts_and_wishlists_notify.sql';
import refusedPayments from './migrations/026_refused_payments.sql';
import variantDescriptionOrder from './migrations/027_variant_description_order.sql';
import cardSerials from './migrations/028_card_serials.sql';
import idempotencyKeys from './migrations/029_idempotency_keys.sql';
import mailMessageIds from './migrations/030_mail_message_ids.sql';
import erasedCustomers from './migrations/031_erased_customers.sql';
import codeMailedAt from './migrations/032_code_mailed_at.sql';
import privacyLog from './migrations/033_privacy_log.sql';
import consents from './migrations/034_consents.sql';
import locales from './migrations/036_locales.sql';
import giftCards from './migrations/037_gift_cards.sql';
import cartRemindersAndFunnel from './migrations/038_cart_reminders_and_funnel.sql';
import catalogueItalian from './migrations/039_catalogue_italian.sql';
import giftCardsNotStocked from './migrations/040_gift_cards_not_stocked.sql';
import cardColours from './migrations/041_card_colours.sql';
import carriers from './migrations/042_carriers.sql';
import pages from './migrations/043_pages.sql';
import idempotencyApplied from './migrations/044_idempotency_applied.sql';
import navigation from './migrations/045_navigation.sql';
import staffLocale from './migrations/046_staff_locale.sql';
import shopPagesAndHome from './migrations/047_shop_pages_and_home.sql';
import storeCreditNotify from './migrations/048_store_credit_notify.sql';

/** Every migration in order; names are recorded in schema_migrations and never change. */
export const migrations: { name: string; sql: string }[] = [
  { name: '001_catalogue', sql: catalogue },
  { name: '002_mail_outbox', sql: mailOutbox },
  { name: '003_auth', sql: auth },
  { name: '004_wishlist', sql: wishlist },
  { name: '005_contact', sql: contact },
  { name: '006_cart_checkout', sql: cartCheckout },
  { name: '007_cards', sql: cards },
  { name: '008_staff', sql: staff },
  { name: '009_order_notes', sql: orderNotes },
  { name: '010_back_office_indexes', sql: backOfficeIndexes },
  { name: '011_refunds', sql: refunds },
  { name: '014_purchase_stats', sql: purchaseStats },
  { name: '015_catalogue_version', sql: catalogueVersion },
  { name: '016_customer_notes_settings', sql: customerNotesSettings },
  { name: '017_drops', sql: drops },
  { name: '018_image_focal_points', sql: imageFocalPoints },
  { name: '019_product_archive', sql: productArchive },
  { name: '020_discounts', sql: discounts },
  { name: '021_returns', sql: returns },
  { name: '022_catalogue_search', sql: catalogueSearch },
  { name: '023_catalogue_notify', sql: catalogueNotify },
  { name: '024_users_notify', sql: usersNotify },
  { name: '025_carts_and_wishlists_notify', sql: cartsAndWishlistsNotify },
  { name: '026_refused_payments', sql: refusedPayments },
  { name: '027_variant_description_order', sql: variantDescriptionOrder },
  { name: '028_card_serials', sql: cardSerials },
  { name: '029_idempotency_keys', sql: idempotencyKeys },
  { name: '030_mail_message_ids', sql: mailMessageIds },
  { name: '031_erased_customers', sql: erasedCustomers },
  { name: '032_code_mailed_at', sql: codeMailedAt },
  { name: '033_privacy_log', sql: privacyLog },
  { name: '034_consents', sql: consents },
  { name: '036_locales', sql: locales },
  { name: '037_gift_cards', sql: giftCards },
  { name: '038_cart_reminders_and_funnel', sql: cartRemindersAndFunnel },
  { name: '039_catalogue_italian', sql: catalogueItalian },
  { name: '040_gift_cards_not_stocked', sql: giftCardsNotStocked },
  { name: '041_card_colours', sql: cardColours },
  { name: '042_carriers', sql: carriers },
  { name: '043_pages', sql: pages },
  { name: '044_idempotency_applied', sql: idempotencyApplied },
  { name: '045_navigation', sql: navigation },
  { name: '046_staff_locale', sql: staffLocale },
  { name: '047_shop_pages_and_home', sql: shopPagesAndHome },
  { name: '048_store_credit_notify', sql: storeCreditNotify },
];

// Any constant works; it only has to be the same for every instance of the API.
const MIGRATION_LOCK_KEY = 727_001;
const ALREADY_APPLIED = 'migration_already_applied';

// Runs in one process share a session on PGlite, so they queue here; separate processes meet at the advisory lock.
const running = new WeakMap<DatabaseHandle, Promise<unknown>>();

/** Applies the migrations not yet applied, each in its own transaction. Returns the names applied. */
export function migrate(handle: DatabaseHandle): Promise<string[]> {
  const previous = running.get(handle) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => applyPending(handle));
  running.set(handle, next);
  return next;
}

async function applyPending(handle: DatabaseHandle): Promise<string[]> {
  await handle.exec(`BEGIN;
SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY});
CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
COMMIT;`);
  const done = new Set((await handle.db.selectFrom('schema_migrations').select('name').execute()).map((row) => row.name));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    const name = migration.name.replace(/'/g, "''");
    try {
      // The advisory lock and the re-check keep two instances starting together from applying a step twice.
      await handle.exec(`BEGIN;
SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY});
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM schema_migrations WHERE name = '${name}') THEN
    RAISE EXCEPTION '${ALREADY_APPLIED}';
  END IF;
END $$;
${migration.sql}
;
INSERT INTO schema_migrations (name) VALUES ('${name}');
COMMIT;`);
      applied.push(migration.name);
    } catch (error) {
      if (error instanceof Error && error.message.includes(ALREADY_APPLIED)) continue;
      throw error;
    }
  }
  return applied;
}
