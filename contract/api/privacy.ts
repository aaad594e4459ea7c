import { z } from 'zod';

import { CONSENT_KINDS, WITHDRAWABLE_CONSENTS } from '../consents';

const when = z.string().nullable();
const address = z.record(z.string(), z.string().nullable()).nullable();

/**
 * `GET user/data-export`: everything the shop holds about the signed-in shopper, in one
 * machine-readable file (GDPR art. 15 and 20). Amounts are in cents, times in ISO 8601 (UTC).
 */
/** One change of a balance, as the shopper's export lists it. */
const balanceEntry = z.object({ amount: z.number(), reason: z.string(), order_number: z.string().nullable(), created_at: z.string() });

export const dataExportSchema = z.object({
  format: z.literal(1),
  generated_at: z.string(),
  about: z.string(),
  account: z.object({
    id: z.string(),
    email: z.string(),
    user_type: z.enum(['guest', 'registered']),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    email_verified_at: when,
    created_at: z.string(),
    updated_at: z.string(),
  }),
  orders: z.array(
    z.object({
      order_number: z.string(),
      purchase_id: z.string(),
      created_at: z.string(),
      status: z.string(),
      email: z.string(),
      subtotal: z.number(),
      discount: z.number(),
      discount_code: z.string().nullable(),
      shipping_cost: z.number(),
      tax: z.number(),
      total: z.number(),
      refunded_total: z.number(),
      /** Paid by a gift card and by store credit (ADR 052). */
      gift_card_amount: z.number(),
      store_credit_amount: z.number(),
      payment_method: z.string(),
      shipping_address: address,
      billing_address: address,
      carrier: z.string().nullable(),
      tracking_number: z.string().nullable(),
      delivered_at: when,
      items: z.array(
        z.object({
          name: z.string(),
          sku: z.string(),
          variant: z.string(),
          quantity: z.number(),
          unit_price: z.number(),
          discount: z.number(),
          refunded_quantity: z.number(),
          returned_quantity: z.number(),
        }),
      ),
      refunds: z.array(z.object({ kind: z.string(), amount: z.number(), status: z.string(), created_at: z.string() })),
      returns: z.array(
        z.object({
          number: z.string(),
          kind: z.string(),
          reason: z.string(),
          comment: z.string(),
          status: z.string(),
          created_at: z.string(),
          items: z.array(z.object({ sku: z.string(), quantity: z.number(), exchange_sku: z.string().nullable() })),
        }),
      ),
    }),
  ),
  cart: z.array(z.object({ sku: z.string(), quantity: z.number(), added_at: z.string() })),
  back_in_stock_requests: z.array(
    z.object({ product: z.string().nullable(), sku: z.string().nullable(), created_at: z.string(), notified_at: when }),
  ),
  collectible_cards: z.array(z.object({ name: z.string(), rarity: z.string().nullable(), serial: z.string(), unlocked_at: z.string() })),
  contact_messages: z.array(z.object({ reason: z.string(), subject: z.string(), message: z.string(), created_at: z.string() })),
  emails_sent: z.array(z.object({ subject: z.string(), created_at: z.string() })),
  notes_by_the_shop: z.array(z.object({ body: z.string(), created_at: z.string() })),
  consents: z.array(
    z.object({ kind: z.string(), policy_version: z.string(), given_at: z.string(), withdrawn_at: when, confirmed_at: when }),
  ),
  store_credit: z.object({ balance: z.number(), ledger: z.array(balanceEntry) }),
  gift_cards: z.array(
    z.object({
      last4: z.string(),
      initial_amount: z.number(),
      balance: z.number(),
      expires_at: when,
      bought_in_order: z.string().nullable(),
      recipient_name: z.string().nullable(),
      recipient_email: z.string().nullable(),
      message: z.string().nullable(),
      created_at: z.string(),
      ledger: z.array(balanceEntry),
    }),
  ),
  cart_reminders: z.array(
    z.object({
      step: z.number(),
      created_at: z.string(),
      sent_at: when,
      link_opened_at: when,
      order_placed_at: when,
      order_total: z.number().nullable(),
    }),
  ),
  unpaid_checkouts: z.array(z.object({ status: z.string(), total: z.number(), opened_at: z.string(), closed_at: when })),
  sign_ins: z.array(z.object({ started_at: z.string(), expires_at: z.string(), active: z.boolean() })),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** `POST user/delete-account`: the account's email typed again, and its password (guests have none). */
export const deleteAccountRequestSchema = z.object({
  password: z.string().max(128).optional(),
  confirm_email: z.string().trim().min(1, 'Type your email address to confirm').max(254),
});

/** `POST admin/customers/:id/erase` (owner only): the customer's email typed again, at their request. */
export const eraseCustomerRequestSchema = z.object({
  confirm_email: z.string().trim().min(1, "Type the customer's email address to confirm").max(254),
});

export const PRIVACY_LOG_KINDS = ['export', 'erasure', 'purge'] as const;

/** `GET admin/privacy-log?limit=&offset=` (owner only): exports, erasures and purges, newest first. */
export const privacyLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const privacyLogSchema = z.object({
  entries: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(PRIVACY_LOG_KINDS),
      /** 'shopper' (the customer themselves), a staff member's email, 'cli' or 'schedule'. */
      actor: z.string(),
      customer_id: z.string().nullable(),
      /** The customer's email, "Customer erased", or null when their record is gone. */
      customer: z.string().nullable(),
      /** For a purge: the rows removed, by kind. */
      details: z.record(z.string(), z.number()).nullable(),
    }),
  ),
  has_more: z.boolean(),
});
export type PrivacyLog = z.infer<typeof privacyLogSchema>;

export { CONSENT_KINDS, CONSENT_POLICY, type ConsentKind, WITHDRAWABLE_CONSENTS } from '../consents';

/**
 * `GET user/consents`: every consent given, newest first, with when it was withdrawn. Marketing
 * consent is in force only once `confirmed_at` is set (the link of its email, the double opt-in).
 */
export const consentListSchema = z.array(
  z.object({ kind: z.enum(CONSENT_KINDS), policy_version: z.string(), given_at: z.string(), withdrawn_at: when, confirmed_at: when }),
);
/** How long a marketing consent's confirmation link, and a reminder's restore link, work. */
export const EMAIL_LINK_DAYS = 7;
/** `POST user/consents`: the cookie notice's Accept, recorded for a signed-in shopper. */
export const giveConsentRequestSchema = z.object({ kind: z.literal('cookies') });
/** `POST user/consents/withdraw`. */
export const withdrawConsentRequestSchema = z.object({ kind: z.enum(WITHDRAWABLE_CONSENTS) });
