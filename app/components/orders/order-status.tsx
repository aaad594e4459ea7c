import { statusTone } from '~/lib/purchases';

/** An order's status in its style (docs/product.md#orders): Processing, Shipped, Delivered, anything else neutral. */
export function OrderStatus({ status }: { status: string }) {
  return <span className={`order-status order-status--${statusTone(status)}`}>{status}</span>;
}
