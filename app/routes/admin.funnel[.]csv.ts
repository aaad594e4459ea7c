import type { LoaderFunctionArgs } from '@remix-run/node';

import { FUNNEL_STEP_LABELS, FUNNEL_STEPS, funnelQuerySchema } from '@contract/api/insights';

import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { funnelFigures } from '~/lib/admin/figures.server';
import { failureStatus } from '~/lib/api.server';
import { toCsv } from '~/lib/csv';
import { requireStaff } from '~/lib/staff-session.server';

/**
 * The funnel's CSV (issue 41): one row per day for every product together, then one row per product
 * for the whole period. A plain download, so it works without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const query = funnelQuerySchema.safeParse({ days: new URL(request.url).searchParams.get('days') ?? undefined });
  const text = (status: number, body: string) =>
    new Response(body, { status, headers: { ...ADMIN_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
  if (!query.success) return text(400, 'The period is 7 or 30 days.');
  let funnel;
  try {
    funnel = await funnelFigures(staff, query.data.days);
  } catch (error) {
    return text(failureStatus(error), adminErrorText(error));
  }
  const header = ['Day', 'Product', ...FUNNEL_STEPS.map((step) => FUNNEL_STEP_LABELS[step])];
  const rows = [
    ...funnel.days.map((day) => [day.day, 'All products', ...FUNNEL_STEPS.map((step) => day[step])]),
    ...funnel.products.map((product) => [`${funnel.from} to ${funnel.to}`, product.name, ...FUNNEL_STEPS.map((step) => product[step])]),
  ];
  return new Response(toCsv([header, ...rows]), {
    headers: {
      ...ADMIN_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="filo-funnel-${funnel.to}-${query.data.days}-days.csv"`,
    },
  });
}
