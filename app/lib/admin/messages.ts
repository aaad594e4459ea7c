/** The back office's own sentences (it is not part of the shop's spec), each defined once. */
export const ADMIN_MESSAGES = {
  refunded: (amount: string, number: string, restocked: boolean) =>
    `${amount} was refunded on order ${number}${restocked ? ' and the units are back on sale' : ''}. The buyer was emailed.`,
  refundReplayed: (amount: string, number: string) =>
    `That refund was already made: ${amount} on order ${number}. Nothing more was refunded.`,
  cancelled: (number: string, amount: string) =>
    `Order ${number} is cancelled: ${amount} was refunded, the units are back on sale and the buyer was emailed.`,
} as const;
