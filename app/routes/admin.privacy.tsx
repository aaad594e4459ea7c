import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import type { PrivacyLog } from '@contract/api/privacy';
import {
  CHANGEABLE_RETENTION_KINDS,
  describeDays,
  RETENTION_BOUNDS,
  RETENTION_LABELS,
  type RetentionDays,
  retentionFormSchema,
} from '@contract/retention';
import { shopClock } from '@contract/shop-time';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { AdminNotice } from '~/components/admin/admin-notice';
import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { ADMIN_MESSAGES } from '~/lib/admin/messages';
import { changeRetentionPeriods, privacyLog, retentionPeriods } from '~/lib/admin/privacy.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Privacy') }, { name: 'robots', content: 'noindex' }];

const PER_PAGE = 50;

/** `?page=N` from 1; anything else is the first page. */
function pageOf(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner')
    return json({ forbidden: true as const, log: null, periods: null, page: 1, notice: null }, { status: 403, headers: ADMIN_HEADERS });
  const page = pageOf(new URL(request.url));
  const [log, periods] = await Promise.all([
    privacyLog(staff, { limit: PER_PAGE, offset: (page - 1) * PER_PAGE }),
    retentionPeriods(staff),
  ]);
  const { notice, headers } = await takeNotice(context);
  return json({ forbidden: false as const, log, periods, page, notice }, { headers });
}

/** The owner sets the retention periods; the API checks the bounds again and audits the change. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: retentionFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  try {
    await changeRetentionPeriods(staff, submission.value);
  } catch (error) {
    return json({ result: submission.reply({ formErrors: [adminErrorText(error)] }) }, { status: failureStatus(error) });
  }
  return redirectWithNotice(context, '/admin/privacy', ADMIN_MESSAGES.retentionSaved);
}

const KIND_NAMES: Record<PrivacyLog['entries'][number]['kind'], string> = {
  export: 'Data export',
  erasure: 'Erasure',
  purge: 'Retention purge',
};

/** Who did it, in words: the customer, a staff member, the command line or the hourly purge. */
function byWhom(actor: string): string {
  if (actor === 'shopper') return 'The customer';
  if (actor === 'schedule') return 'Scheduled purge';
  if (actor === 'cli') return 'Command line';
  return actor;
}

/** `{"outbox": 3, "anonymousCarts": 2}` as "3 outbox copies of emails, 2 …": what a purge removed. */
function removed(details: Record<string, number> | null): string {
  if (!details) return '–';
  return Object.entries(details)
    .map(([kind, rows]) => `${RETENTION_LABELS[kind as keyof RetentionDays] ?? kind}: ${rows}`)
    .join('; ');
}

function RetentionForm({ periods }: { periods: RetentionDays }) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: 'retention-periods',
    lastResult: actionData?.result,
    constraint: getZodConstraint(retentionFormSchema),
    shouldValidate: 'onSubmit',
    defaultValue: Object.fromEntries(CHANGEABLE_RETENTION_KINDS.map((kind) => [kind, String(periods[kind])])),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: retentionFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-labelledby="retention-heading">
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <dl className="admin-facts">
        <dt>{RETENTION_LABELS.orders}</dt>
        <dd>{describeDays(periods.orders)}, fixed by law</dd>
      </dl>
      {CHANGEABLE_RETENTION_KINDS.map((kind) => (
        <AdminField
          key={kind}
          field={fields[kind]}
          label={`${RETENTION_LABELS[kind]} (days)`}
          hint={`From ${RETENTION_BOUNDS[kind].min} to ${RETENTION_BOUNDS[kind].max} days.`}
        >
          <input
            {...getInputProps(fields[kind], { type: 'number' })}
            {...invalidProps(fields[kind], { hint: true })}
            min={RETENTION_BOUNDS[kind].min}
            max={RETENTION_BOUNDS[kind].max}
            step={1}
            className="admin-quantity"
          />
        </AdminField>
      ))}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Saving...' : 'Save periods'}
      </button>
    </Form>
  );
}

export default function AdminPrivacy() {
  const data = useLoaderData<typeof loader>();
  if (data.forbidden) {
    return (
      <section aria-labelledby="privacy-heading">
        <h1 id="privacy-heading">Privacy</h1>
        <p role="alert">{ADMIN_MESSAGES.privacyOwnerOnly}</p>
      </section>
    );
  }
  const { log, periods, page, notice } = data;
  return (
    <section aria-labelledby="privacy-heading">
      <h1 id="privacy-heading">Privacy</h1>
      <AdminNotice notice={notice} />

      <h2 id="privacy-log-heading">Privacy log</h2>
      <p>Every data export (by the customer or by staff), every erasure, and every retention purge that removed something, newest first.</p>
      {log.entries.length === 0 ? (
        <p>{page === 1 ? 'Nothing yet.' : 'Nothing on this page.'}</p>
      ) : (
        <TableScroll label="Privacy log">
          <table className="admin-table">
            <caption className="visually-hidden">Privacy log, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When (Italian time)</th>
                <th scope="col">What</th>
                <th scope="col">By</th>
                <th scope="col">Customer</th>
                <th scope="col">Removed</th>
              </tr>
            </thead>
            <tbody>
              {log.entries.map((entry, index) => (
                <tr key={`${entry.at}-${index}`}>
                  <td>
                    <time dateTime={entry.at}>{shopClock(entry.at, { seconds: true })}</time>
                  </td>
                  <td>{KIND_NAMES[entry.kind]}</td>
                  <td>{byWhom(entry.actor)}</td>
                  <td>
                    {entry.customer_id && entry.customer ? (
                      <Link to={`/admin/customers/${entry.customer_id}`}>{entry.customer}</Link>
                    ) : entry.customer_id ? (
                      'No longer on record'
                    ) : (
                      '–'
                    )}
                  </td>
                  <td>{removed(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav aria-label="Pages of the privacy log" className="admin-pages">
        {page > 1 ? <Link to={page === 2 ? '/admin/privacy' : `/admin/privacy?page=${page - 1}`}>Newer entries</Link> : null}{' '}
        {log.has_more ? <Link to={`/admin/privacy?page=${page + 1}`}>Older entries</Link> : null}
      </nav>

      <h2 id="retention-heading">How long the shop keeps data</h2>
      <p>The hourly purge removes what is older than these periods, and the privacy policy states them.</p>
      <RetentionForm periods={periods} />
    </section>
  );
}
