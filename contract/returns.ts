/**
 * Returns and size exchanges (ADR 032): within RETURN_WINDOW_DAYS of delivery the buyer sends lines
 * back for a refund, or for another size of the same product, which is taken from stock at once.
 * Staff mark the parcel received; an owner refunds the lines (restocking them) or ships the exchange.
 */

/** The EU right of withdrawal: days from delivery during which a buyer may return an order. */
export const RETURN_WINDOW_DAYS = 14;

export const RETURN_REASONS = ['too_small', 'too_big', 'not_as_pictured', 'damaged', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  too_small: 'Too small',
  too_big: 'Too big',
  not_as_pictured: 'Not as pictured',
  damaged: 'Damaged',
  changed_mind: 'Changed my mind',
  other: 'Other',
};
/** Only a size problem may be exchanged for another size. */
export const SIZE_REASONS: readonly ReturnReason[] = ['too_small', 'too_big'];

export const RETURN_STATUSES = ['requested', 'received', 'refunded', 'exchanged', 'cancelled'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
/** How the buyer's order page and the back office name each step. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  received: 'Return received',
  refunded: 'Return refunded',
  exchanged: 'Exchange shipped',
  cancelled: 'Return cancelled',
};

export const RETURN_NUMBER = /^R-[0-9A-Z]{6}$/;

/** A line as the return pages name it: the variant when it names its product ('Tracer Tee · RED · L/XL · …'), else both. */
export function returnLineLabel(line: { name: string; variant?: string | null }): string {
  if (!line.variant) return line.name;
  return line.variant.startsWith(line.name) ? line.variant : `${line.name} (${line.variant})`;
}
