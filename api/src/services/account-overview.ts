import { sql } from 'kysely';

import type { Db } from '../db/database.js';
import type { CardOut } from '../db/schema.js';
import { type CardRow, toCardOut } from './cards.js';
import type { listConsents } from './consents.js';
import { NO_PURCHASE_STATS, type PurchaseListItem, type PurchaseListRow, type PurchaseStats, toPurchaseListItem } from './orders.js';

export interface AccountReads {
  purchases: PurchaseListItem[];
  stats: PurchaseStats;
  unlocked_cards: CardOut[];
  consents: Consent[];
  store_credit: number;
}

type Consent = Awaited<ReturnType<typeof listConsents>>[number];

type OverviewRow = {
  purchases: (PurchaseListRow & { lines: { name: string; quantity: number }[] })[];
  stats: PurchaseStats | null;
  cards: CardRow[];
  consents: (Omit<Consent, 'given_at' | 'withdrawn_at' | 'confirmed_at'> & {
    given_at: string;
    withdrawn_at: string | null;
    confirmed_at: string | null;
  })[];
  store_credit: number | null;
};

/**
 * The profile page's reads (issue #21): the `latest` purchases with their lines, the order
 * statistics, the unlocked cards, the consents and the store credit, in one statement. Each read is a JSON value built by the
 * database, in the order and with the fields of listPurchases, purchaseStats and listUserCards, so
 * the answer is theirs; PGlite costs most per statement, and this is one instead of four.
 */
export async function accountReads(db: Db, userId: string, latest: number): Promise<AccountReads> {
  const { rows } = await sql<OverviewRow>`
    SELECT
      (SELECT coalesce(json_agg(json_build_object(
          'id', pu.id, 'created_at', pu.created_at, 'total', pu.total, 'refunded_total', pu.refunded_total,
          'status', pu.status, 'discount', pu.discount, 'discount_code', pu.discount_code,
          'gift_card_amount', pu.gift_card_amount, 'gift_card_last4', pu.gift_card_last4, 'store_credit_amount', pu.store_credit_amount,
          'lines', (SELECT coalesce(json_agg(json_build_object('name', pi.name, 'quantity', pi.quantity) ORDER BY pi.position), '[]'::json)
                    FROM purchase_items pi WHERE pi.purchase_id = pu.id)
        ) ORDER BY pu.created_at DESC, pu.id DESC), '[]'::json)
       FROM (SELECT * FROM purchases WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${latest}) pu) AS purchases,
      (SELECT row_to_json(s) FROM (
         SELECT total_orders, delivered, in_transit, processing, total_spent::float8 AS total_spent
         FROM user_purchase_stats WHERE user_id = ${userId}) s) AS stats,
      (SELECT coalesce(json_agg(row_to_json(k) ORDER BY k.unlocked_at DESC, k.name), '[]'::json) FROM (
         SELECT c.id, c.product_id, p.name AS product_name, c.name, c.rarity,
           coalesce(cc.animation_folder_path, c.animation_folder_path) AS animation_folder_path, c.animation_file_name,
           c.animation_file_format, c.animation_length, coalesce(cc.image_path, c.image_path) AS image_path, c.text_color,
           c.accent_color, c.bg_color, c.created_at, u.unlocked_at, u.serial
         FROM user_cards u JOIN cards c ON c.id = u.card_id LEFT JOIN products p ON p.id = c.product_id
           LEFT JOIN card_colours cc ON cc.card_id = u.card_id AND cc.colour = u.colour
         WHERE u.user_id = ${userId}) k) AS cards,
      (SELECT coalesce(json_agg(json_build_object('kind', k.kind, 'policy_version', k.policy_version, 'given_at', k.given_at,
          'withdrawn_at', k.withdrawn_at, 'confirmed_at', k.confirmed_at) ORDER BY k.given_at DESC, k.id), '[]'::json)
       FROM consents k WHERE k.user_id = ${userId}) AS consents,
      (SELECT sc.balance FROM store_credits sc WHERE sc.user_id = ${userId}) AS store_credit
  `.execute(db);
  const [row] = rows;
  return {
    purchases: row.purchases.map(({ lines, ...purchase }) => toPurchaseListItem(purchase, lines)),
    stats: row.stats ?? NO_PURCHASE_STATS,
    unlocked_cards: row.cards.map(toCardOut),
    consents: row.consents.map((c) => ({
      ...c,
      given_at: new Date(c.given_at).toISOString(),
      withdrawn_at: c.withdrawn_at ? new Date(c.withdrawn_at).toISOString() : null,
      confirmed_at: c.confirmed_at ? new Date(c.confirmed_at).toISOString() : null,
    })),
    store_credit: Number(row.store_credit ?? 0),
  };
}
