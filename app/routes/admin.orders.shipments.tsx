import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import type { ShipmentsReport } from '@contract/api/shipping';

import { TableScroll } from '~/components/admin/table-scroll';
import { SHIPMENTS_FILE_BYTES } from '~/forms/admin-shipping';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { listCarriers, shipFromCsv } from '~/lib/admin/shipping.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Ship orders from a CSV') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const carriers = await listCarriers(staff);
  return json({ carriers: carriers.map((carrier) => carrier.name) }, { headers: ADMIN_HEADERS });
}

type Outcome = { report: ShipmentsReport; error: null } | { report: null; error: string };

/**
 * A CSV of shipments (order, carrier, tracking), applied by the API as a whole or not at all
 * (ADR 067); the page shows what it did. Sending the same file again ships nothing twice.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  const file = formData.get('file');
  const refuse = (error: string, status = 400) => json<Outcome>({ report: null, error }, { status, headers: ADMIN_HEADERS });
  if (!file || typeof file === 'string' || file.size === 0) return refuse('Choose the CSV file of shipments');
  if (file.size > SHIPMENTS_FILE_BYTES) return refuse('The file is too large: send at most 200 shipments at a time');
  try {
    const report = await shipFromCsv(staff, await file.text());
    return json<Outcome>({ report, error: null }, { status: report.applied ? 200 : 400, headers: ADMIN_HEADERS });
  } catch (error) {
    return refuse(adminErrorText(error), failureStatus(error));
  }
}

function Report({ report }: { report: ShipmentsReport }) {
  if (!report.applied)
    return (
      <section aria-labelledby="report-heading" className="notice notice--error" role="alert">
        <h2 id="report-heading">Nothing was shipped</h2>
        <p>Fix these lines and upload the file again.</p>
        <TableScroll label="Lines to fix">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Order</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((problem) => (
                <tr key={`${problem.line}-${problem.order}`}>
                  <td>{problem.line}</td>
                  <td>{problem.order || '–'}</td>
                  <td>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
    );
  return (
    <section aria-labelledby="report-heading" role="status">
      <h2 id="report-heading">
        {report.shipped.length === 1 ? '1 order is marked shipped.' : `${report.shipped.length} orders are marked shipped.`}
        {report.shipped.length ? ' The buyers were emailed the tracking link.' : ''}
      </h2>
      <ul>
        {report.shipped.map((line) => (
          <li key={line.order_number}>
            <Link to={`/admin/orders/${line.order_number}`}>{line.order_number}</Link>: {line.carrier} {line.tracking_number}
          </li>
        ))}
      </ul>
      {report.already_shipped.length ? (
        <>
          <h3>Already shipped with the same parcel, left as they were</h3>
          <ul>
            {report.already_shipped.map((line) => (
              <li key={line.order_number}>
                <Link to={`/admin/orders/${line.order_number}`}>{line.order_number}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

export default function AdminShipments() {
  const { carriers } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <article aria-labelledby="shipments-heading">
      <p>
        <Link to="/admin/orders">All orders</Link>
      </p>
      <h1 id="shipments-heading">Ship orders from a CSV</h1>
      <p id="shipments-hint">
        One line per parcel: order number, carrier, tracking number (a first line naming the columns is fine). Carriers:{' '}
        {carriers.join(', ')}
        {' ('}
        <Link to="/admin/carriers">carriers</Link>). If any line is wrong, nothing is shipped and the lines to fix are listed; sending the
        same file again ships nothing twice.
      </p>
      {outcome?.error ? (
        <p className="notice notice--error" role="alert">
          {outcome.error}
        </p>
      ) : null}
      {outcome?.report ? <Report report={outcome.report} /> : null}
      <Form method="post" encType="multipart/form-data" className="admin-form" aria-labelledby="upload-heading">
        <h2 id="upload-heading">Upload shipments</h2>
        <label htmlFor="shipments-file">CSV file of shipments</label>
        <input id="shipments-file" name="file" type="file" accept=".csv,text/csv" required aria-describedby="shipments-hint" />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Shipping...' : 'Mark these orders shipped and email the buyers'}
        </button>
      </Form>
    </article>
  );
}
