import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import type { ShipmentsReport } from '@contract/api/shipping';

import { TableScroll } from '~/components/admin/table-scroll';
import { SHIPMENTS_FILE_BYTES } from '~/forms/admin-shipping';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
import { listCarriers, shipFromCsv } from '~/lib/admin/shipping.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminOrders.shipFromCsv')) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const carriers = await listCarriers(staff);
  return json(
    { carriers: carriers.map((carrier) => carrier.name), i18n: await adminI18n(context, 'admin-orders') },
    { headers: ADMIN_HEADERS },
  );
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
  const t = await adminTranslator(context, 'admin-orders');
  const refuse = (error: string, status = 400) => json<Outcome>({ report: null, error }, { status, headers: ADMIN_HEADERS });
  if (!file || typeof file === 'string' || file.size === 0) return refuse(t('adminOrders.shipments.chooseFile'));
  if (file.size > SHIPMENTS_FILE_BYTES) return refuse(t('adminOrders.shipments.tooLarge'));
  try {
    const report = await shipFromCsv(staff, await file.text());
    return json<Outcome>({ report, error: null }, { status: report.applied ? 200 : 400, headers: ADMIN_HEADERS });
  } catch (error) {
    return refuse(adminErrorText(error, staff.locale), failureStatus(error));
  }
}

function Report({ report }: { report: ShipmentsReport }) {
  const { t } = useI18n();
  if (!report.applied)
    return (
      <section aria-labelledby="report-heading" className="notice notice--error" role="alert">
        <h2 id="report-heading">{t('adminOrders.shipments.nothing')}</h2>
        <p>{t('adminOrders.shipments.fix')}</p>
        <TableScroll label={t('adminOrders.shipments.linesToFix')}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('adminOrders.shipments.line')}</th>
                <th scope="col">{t('adminOrders.order')}</th>
                <th scope="col">{t('adminOrders.shipments.problem')}</th>
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
        {t('adminOrders.shipments.shipped', { count: report.shipped.length })}
        {report.shipped.length ? ` ${t('adminOrders.shipments.emailed')}` : ''}
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
          <h3>{t('adminOrders.shipments.already')}</h3>
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
  const { t } = useI18n();
  return (
    <article aria-labelledby="shipments-heading">
      <p>
        <Link to="/admin/orders">{t('adminOrders.allOrders')}</Link>
      </p>
      <h1 id="shipments-heading">{t('adminOrders.shipFromCsv')}</h1>
      <p id="shipments-hint">
        {t('adminOrders.shipments.hint')} {carriers.join(', ')}
        {' ('}
        <Link to="/admin/carriers">{t('adminOrders.shipments.hintLink')}</Link>). {t('adminOrders.shipments.hintAfter')}
      </p>
      {outcome?.error ? (
        <p className="notice notice--error" role="alert">
          {outcome.error}
        </p>
      ) : null}
      {outcome?.report ? <Report report={outcome.report} /> : null}
      <Form method="post" encType="multipart/form-data" className="admin-form" aria-labelledby="upload-heading">
        <h2 id="upload-heading">{t('adminOrders.shipments.upload')}</h2>
        <label htmlFor="shipments-file">{t('adminOrders.shipments.file')}</label>
        <input id="shipments-file" name="file" type="file" accept=".csv,text/csv" required aria-describedby="shipments-hint" />
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('adminOrders.shipments.busy') : t('adminOrders.shipments.submit')}
        </button>
      </Form>
    </article>
  );
}
