import { ACCOUNT_RULES } from '@contract/shop-rules';

/** The status filters of /orders (docs/product.md#orders), as `?status=` values; In Transit is the shipped orders. */
export const ORDER_FILTERS = [
  { status: '', label: 'All Orders' },
  { status: 'delivered', label: 'Delivered' },
  { status: 'shipped', label: 'In Transit' },
  { status: 'processing', label: 'Processing' },
] as const;
export type OrderStatusFilter = (typeof ORDER_FILTERS)[number]['status'];

const SEARCH_MAX = 100;

/** What /orders and /orders.csv show, read from the address. */
export interface OrdersQuery {
  /** The search: `q`, else the deep-linked `order_id` (docs/product.md#orders: it prefills the search). */
  q: string;
  status: OrderStatusFilter;
  /** Pages of ACCOUNT_RULES.ordersPageSize shown, from 1. */
  pages: number;
  /** The order shown expanded without JavaScript: `open`, else `order_id`. */
  open: string | null;
  /** The deep-linked order, scrolled to and highlighted. */
  orderId: string | null;
}

export function readOrdersQuery(params: URLSearchParams): OrdersQuery {
  const orderId = params.get('order_id')?.trim() || null;
  const q = (params.get('q') ?? orderId ?? '').trim().slice(0, SEARCH_MAX);
  const wanted = params.get('status')?.trim().toLowerCase() ?? '';
  const status = ORDER_FILTERS.find((filter) => filter.status === wanted)?.status ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const pages = Number.isFinite(page) ? Math.min(Math.max(page, 1), ACCOUNT_RULES.maxOrderPages) : 1;
  const open = params.get('open')?.trim() || orderId;
  return { q, status, pages, open, orderId };
}

/** The address of an /orders view (or of its CSV export with `path`), leaving out what is default. */
export function ordersHref(
  view: { q?: string; status?: OrderStatusFilter; pages?: number; open?: string | null },
  path = '/orders',
): string {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.status) params.set('status', view.status);
  if (view.pages && view.pages > 1) params.set('page', String(view.pages));
  if (view.open) params.set('open', view.open);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The address of the CSV export of a view, saying the page's language (`?lang=it`) when it is not
 * English: the export is a resource route without a language prefix (ADR 046).
 */
export function ordersCsvHref(view: { q?: string; status?: OrderStatusFilter }, locale: string): string {
  const href = ordersHref(view, '/orders.csv');
  if (locale === 'en') return href;
  return `${href}${href.includes('?') ? '&' : '?'}lang=${encodeURIComponent(locale)}`;
}
