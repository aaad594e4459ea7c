import type { LoaderFunctionArgs } from '@remix-run/node';

import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { exportCustomerData } from '~/lib/admin/customers.server';
import { ApiRequestError, failureStatus } from '~/lib/api.server';
import { requireStaff } from '~/lib/staff-session.server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Export data, on a customer's page: the same .zip the customer can download from their profile (data.json
 * and a README in the customer's language), for an owner answering their request (the API refuses staff,
 * and logs and audits the export).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const id = params.id ?? '';
  const text = (body: string, status: number) =>
    new Response(body, { status, headers: { ...ADMIN_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
  if (!UUID.test(id)) return text('No such customer', 404);
  try {
    const archive = await exportCustomerData(staff, id);
    return new Response(archive.body, {
      headers: {
        ...ADMIN_HEADERS,
        'Content-Type': 'application/zip',
        'Content-Disposition': archive.headers.get('Content-Disposition') ?? 'attachment; filename="filo-customer-data.zip"',
      },
    });
  } catch (error) {
    // A file link says plainly why there is no file: 403 for staff, 404 for no such customer.
    return text(
      adminErrorText(error),
      error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.status : failureStatus(error),
    );
  }
}
