import { type ActionFunctionArgs, redirect } from '@remix-run/node';

import { shopDay } from '@contract/shop-time';

import { packingSlipsFormSchema } from '~/forms/admin-shipping';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { packingSlipsPdf } from '~/lib/admin/shipping.server';
import { ApiRequestError } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { serverFormMessage } from '~/lib/i18n.server';
import { redirectWithNotice, requireStaff } from '~/lib/staff-session.server';

/** Only posted to: an address typed in goes back to the list. */
export const loader = () => redirect('/admin/orders');

/**
 * The packing slips of the ticked orders, or of every paid order not yet shipped, as one PDF download
 * (issue 42). The order list posts here with a plain form, so the browser saves the file with or
 * without JavaScript; a refusal goes back to the list with its reason, in the member's language.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  const back = (notice: string) => redirectWithNotice(context, `/admin/orders${new URL(request.url).search}`, notice);
  const parsed = packingSlipsFormSchema.safeParse({ scope: formData.get('scope'), order: formData.getAll('order') });
  if (!parsed.success)
    return back(serverFormMessage(staff.locale)(parsed.error.issues[0]?.message ?? 'Choose the orders for the packing slips'));
  try {
    const answer = await packingSlipsPdf(staff, parsed.data.scope === 'all' ? { all_to_ship: true } : { orders: parsed.data.order });
    return new Response(answer.body, {
      headers: {
        ...ADMIN_HEADERS,
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="packing-slips-${shopDay(new Date())}.pdf"`,
      },
    });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status < 500) return back(adminErrorText(error, staff.locale));
    throw error;
  }
}
