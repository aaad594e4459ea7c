/**
 * How long the shop keeps what it keeps (issue 39; the privacy policy's "How long we keep it", and
 * docs/operations.md#retention). A scheduled purge removes what is older (api/src/services/retention.ts).
 */
export const RETENTION_DAYS = {
  /** Orders and what hangs on them (items, refunds, returns, notes): Italian tax law, 10 years. */
  orders: 3653,
  /** A guest's record with no order, once their last guest session has ended. */
  guestsWithoutOrders: 30,
  /** A cart nobody signed in owns, untouched for this long. */
  anonymousCarts: 90,
  /** Checkouts that never became an order (expired, cancelled, declined, refunded). */
  unpaidCheckouts: 90,
  /** Messages sent through the contact form. */
  contactMessages: 730,
  /** The copies of emails kept in the outbox (when no SMTP server is set). */
  outbox: 90,
  /** Sign-in codes and sign-ins past their end, and finished scheduled jobs. */
  spentCodesAndSessions: 1,
  finishedJobs: 30,
} as const;
