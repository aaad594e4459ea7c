import type { Trx } from '../db/transaction.js';
import { isoTime } from './clock.js';

const isoOrNull = (at: Date | string | null) => (at ? isoTime(at) : null);

/**
 * What the shop recorded of the shopper's visits, for the data export (issue 39): the cart reminders
 * sent to them (and whether a link was followed or an order came of it), the checkouts they opened and
 * did not pay (kept until the retention purge), and their sign-ins (when each began, until when it lasts,
 * whether it still does; never a token). Read in the export's transaction.
 */
export async function activityForExport(trx: Trx, userId: string, now: Date) {
  const [reminders, checkouts, signIns] = await Promise.all([
    trx
      .selectFrom('cart_reminders')
      .select(['step', 'created_at', 'sent_at', 'opened_at', 'recovered_at', 'recovered_total'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    trx
      .selectFrom('checkout_sessions')
      .select(['status', 'total', 'created_at', 'closed_at'])
      .where('user_id', '=', userId)
      .where('status', '<>', 'completed')
      .orderBy('created_at')
      .execute(),
    trx
      .selectFrom('refresh_tokens')
      .select(['family_id', 'created_at', 'expires_at', 'used_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
  ]);
  // A sign-in is a family of refresh tokens: it began with the first, and lasts while one is unused and unrevoked.
  const families = new Map<string, { started_at: string; expires_at: string; ended: boolean }>();
  for (const token of signIns) {
    const family = families.get(token.family_id) ?? {
      started_at: isoTime(token.created_at),
      expires_at: isoTime(token.expires_at),
      ended: true,
    };
    family.expires_at = isoTime(token.expires_at);
    if (token.revoked_at) family.ended = true;
    else if (!token.used_at) family.ended = false;
    families.set(token.family_id, family);
  }
  return {
    cart_reminders: reminders.map((r) => ({
      step: r.step,
      created_at: isoTime(r.created_at),
      sent_at: isoOrNull(r.sent_at),
      link_opened_at: isoOrNull(r.opened_at),
      order_placed_at: isoOrNull(r.recovered_at),
      order_total: r.recovered_total,
    })),
    unpaid_checkouts: checkouts.map((s) => ({
      status: s.status,
      total: s.total,
      opened_at: isoTime(s.created_at),
      closed_at: isoOrNull(s.closed_at),
    })),
    sign_ins: [...families.values()].map((f) => ({
      started_at: f.started_at,
      expires_at: f.expires_at,
      active: !f.ended && new Date(f.expires_at) > now,
    })),
  };
}
