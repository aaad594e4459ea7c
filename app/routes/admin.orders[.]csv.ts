import type { LoaderFunctionArgs } from '@remix-run/node';

import { shopClock, shopDay } from '@contract/shop-time';

import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { listOrders, readOrderFilters } from '~/lib/admin/orders.server';
import { failureStatus } from '~/lib/api.server';
import { toCsv } from '~/lib/csv';
import { requireStaff } from '~/lib/staff-session.server';

/** Orders asked of the API at a time: memory stays bounded whatever the number of orders. */
const PAGE = 500;

// English in every language of the back office: spreadsheets and tools read these names (issue 38).
export const ORDER_EXPORT_COLUMNS = [
  'Order Number',
  'Date (Italian time)',
  'Email',
  'Status',
  'Total',
  'Refunded',
  'Discount Code',
  'Discount',
  'Carrier',
  'Tracking Number',
  'Paid by gift card or store credit',
] as const;

/**
 * The order list's CSV: every order matching the filters of the address (not only the page shown),
 * written a page at a time as the API answers. A plain download, so it works without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const { filters, dayIssues, params } = readOrderFilters(new URL(request.url));
  const text = (status: number, body: string) =>
    new Response(body, { status, headers: { ...ADMIN_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
  if (dayIssues.length) return text(400, `The dates are wrong: ${dayIssues.join('; ')}.`);
  const page = (offset: number) => listOrders(staff, filters, { limit: PAGE, offset });

  let first;
  try {
    first = await page(0);
  } catch (error) {
    return text(failureStatus(error), adminErrorText(error));
  }
  const rows = (orders: typeof first) =>
    orders.map((order) => [
      order.order_number,
      shopClock(order.date),
      order.email,
      order.status,
      order.total,
      order.refunded ?? '',
      order.discount_code ?? '',
      order.discount ?? '',
      order.carrier ?? '',
      order.tracking_number ?? '',
      order.paid_with_balances ?? '',
    ]);
  const encoder = new TextEncoder();
  let offset = 0;
  let batch = first;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // The byte order mark lets spreadsheet programs read the euro sign as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${toCsv([ORDER_EXPORT_COLUMNS, ...rows(batch)])}`));
    },
    async pull(controller) {
      if (batch.length < PAGE) return controller.close();
      offset += PAGE;
      batch = await page(offset);
      if (batch.length) controller.enqueue(encoder.encode(toCsv(rows(batch))));
    },
  });
  const day = shopDay(new Date());
  const name = `orders-${params.size ? 'filtered-' : ''}${day}.csv`;
  return new Response(body, {
    headers: { ...ADMIN_HEADERS, 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` },
  });
}
