/** The statuses an order moves through: fulfilment, then cancelled or refunded in full. */
export const ORDER_STATUSES = ['Processing', 'Shipped', 'Delivered', 'Cancelled', 'Refunded'] as const;
/** How the back office filters orders: a status, or orders refunded in part (whatever their status). */
export const ORDER_FILTERS = [...ORDER_STATUSES, 'Partially refunded'] as const;
