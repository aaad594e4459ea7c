import { useI18n } from '~/lib/i18n';
import { statusLabel } from '~/lib/order-words';
import { statusTone } from '~/lib/purchases';

/** An order's status in its style (docs/product.md#orders): Processing, Shipped, Delivered, anything else neutral. */
export function OrderStatus({ status }: { status: string }) {
  const { t } = useI18n();
  return <span className={`order-status order-status--${statusTone(status)}`}>{statusLabel(status, t)}</span>;
}
