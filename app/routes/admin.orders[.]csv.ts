import type { LoaderFunctionArgs } from '@remix-run/node';

import { orderListSchema } from '@contract/api/admin';
import { shopClock, shopDay } from '@contract/shop-time';

import { orderDaysSchema, orderFilterParams, orderSearchSchema } from '~/forms/admin-search.server';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { failureStatus } from '~/lib/api.server';
import { toCsv } from '~/lib/csv';
import { requireStaff } from '~/lib/staff-session.server';

/** Orders asked of the API at a time: memory stays bounded whatever the number of orders. */
const PAGE = 500;

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
  const url = new URL(request.url);
  const search = orderSearchSchema.parse(Object.fromEntries(url.searchParams));
  const days = orderDaysSchema.safeParse({ from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' });
  const text = (status: number, body: string) =>
    new Response(body, { status, headers: { ...ADMIN_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
  if (!days.success) return text(400, `The dates are wrong: ${days.error.issues.map((issue) => issue.message).join('; ')}.`);
  const filters = { q: search.q || undefined, status: search.status, ...days.data };
  const page = (offset: number) =>
    staff.api.request('GET', 'admin/orders', orderListSchema, { query: { ...filters, limit: PAGE, offset } });

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
  const name = `orders-${orderFilterParams(filters).size ? 'filtered-' : ''}${day}.csv`;
  return new Response(body, {
    headers: { ...ADMIN_HEADERS, 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` },
  });
}
