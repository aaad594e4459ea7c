import { statusTone } from '~/lib/purchases';

/** An order's status in its style (spec §4): Processing, Shipped, Delivered, anything else neutral. */
export function OrderStatus({ status }: { status: string }) {
  return <span className={`order-status order-status--${statusTone(status)}`}>{status}</span>;
}
