import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import type { PrivacyLog } from '@contract/api/privacy';
import {
  CHANGEABLE_RETENTION_KINDS,
  describeDays,
  RETENTION_BOUNDS,
  type RetentionDays,
  retentionFormSchema,
  type RetentionKind,
} from '@contract/retention';
import { shopClock } from '@contract/shop-time';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { AdminNotice } from '~/components/admin/admin-notice';
import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
import { changeRetentionPeriods, privacyLog, retentionPeriods } from '~/lib/admin/privacy.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { type MessageKey, metaTranslator, type Translate, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminPeople.privacy.title')) },
  { name: 'robots', content: 'noindex' },
];

const PER_PAGE = 50;

/** `?page=N` from 1; anything else is the first page. */
function pageOf(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const i18n = await adminI18n(context, 'admin-people');
  if (staff.role !== 'owner')
    return json(
      { forbidden: true as const, log: null, periods: null, page: 1, notice: null, i18n },
      { status: 403, headers: ADMIN_HEADERS },
    );
  const page = pageOf(new URL(request.url));
  const [log, periods] = await Promise.all([
    privacyLog(staff, { limit: PER_PAGE, offset: (page - 1) * PER_PAGE }),
    retentionPeriods(staff),
  ]);
  const { notice, headers } = await takeNotice(context);
  return json({ forbidden: false as const, log, periods, page, notice, i18n }, { headers });
}

/** The owner sets the retention periods; the API checks the bounds again and audits the change. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: retentionFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  try {
    await changeRetentionPeriods(staff, submission.value);
  } catch (error) {
    return json({ result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }) }, { status: failureStatus(error) });
  }
  const t = await adminTranslator(context, 'admin-people');
  return redirectWithNotice(context, '/admin/privacy', t('adminPeople.privacy.saved'));
}

const KIND_NAMES: Record<PrivacyLog['entries'][number]['kind'], MessageKey> = {
  export: 'adminPeople.privacy.kind.export',
  erasure: 'adminPeople.privacy.kind.erasure',
  purge: 'adminPeople.privacy.kind.purge',
};

/** What each period is about, in the member's language (the privacy policy has its own words). */
const RETENTION_NAMES: Record<RetentionKind, MessageKey> = {
  orders: 'adminPeople.retention.orders',
  guestsWithoutOrders: 'adminPeople.retention.guestsWithoutOrders',
  anonymousCarts: 'adminPeople.retention.anonymousCarts',
  unpaidCheckouts: 'adminPeople.retention.unpaidCheckouts',
  contactMessages: 'adminPeople.retention.contactMessages',
  outbox: 'adminPeople.retention.outbox',
  spentCodesAndSessions: 'adminPeople.retention.spentCodesAndSessions',
  finishedJobs: 'adminPeople.retention.finishedJobs',
  privacyLog: 'adminPeople.retention.privacyLog',
};

/** Who did it, in words: the customer, a staff member, the command line or the hourly purge. */
function byWhom(actor: string, t: Translate): string {
  if (actor === 'shopper') return t('adminPeople.privacy.by.shopper');
  if (actor === 'schedule') return t('adminPeople.privacy.by.schedule');
  if (actor === 'cli') return t('adminPeople.privacy.by.cli');
  return actor;
}

/** `{"outbox": 3, "anonymousCarts": 2}` as "3 outbox copies of emails, 2 …": what a purge removed. */
function removed(details: Record<string, number> | null, t: Translate): string {
  if (!details) return '–';
  return Object.entries(details)
    .map(([kind, rows]) => `${kind in RETENTION_NAMES ? t(RETENTION_NAMES[kind as RetentionKind]) : kind}: ${rows}`)
    .join('; ');
}

function RetentionForm({ periods }: { periods: RetentionDays }) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { locale, t } = useI18n();
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
        <dt>{t(RETENTION_NAMES.orders)}</dt>
        <dd>{t('adminPeople.privacy.fixedByLaw', { period: describeDays(periods.orders, locale) })}</dd>
      </dl>
      {CHANGEABLE_RETENTION_KINDS.map((kind) => (
        <AdminField
          key={kind}
          field={fields[kind]}
          label={t('adminPeople.privacy.days', { what: t(RETENTION_NAMES[kind]) })}
          hint={t('adminPeople.privacy.bounds', RETENTION_BOUNDS[kind])}
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
        {t(busy ? 'adminPeople.privacy.saving' : 'adminPeople.privacy.save')}
      </button>
    </Form>
  );
}

export default function AdminPrivacy() {
  const data = useLoaderData<typeof loader>();
  const { t } = useI18n();
  if (data.forbidden) {
    return (
      <section aria-labelledby="privacy-heading">
        <h1 id="privacy-heading">{t('adminPeople.privacy.title')}</h1>
        <p role="alert">{t('adminPeople.privacy.ownerOnly')}</p>
      </section>
    );
  }
  const { log, periods, page, notice } = data;
  return (
    <section aria-labelledby="privacy-heading">
      <h1 id="privacy-heading">{t('adminPeople.privacy.title')}</h1>
      <AdminNotice notice={notice} />

      <h2 id="privacy-log-heading">{t('adminPeople.privacy.log')}</h2>
      <p>{t('adminPeople.privacy.logIntro')}</p>
      {log.entries.length === 0 ? (
        <p>{t(page === 1 ? 'adminPeople.privacy.nothingYet' : 'adminPeople.privacy.nothingOnPage')}</p>
      ) : (
        <TableScroll label={t('adminPeople.privacy.log')}>
          <table className="admin-table">
            <caption className="visually-hidden">{t('adminPeople.privacy.logCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminPeople.figures.whenItalianTime')}</th>
                <th scope="col">{t('adminPeople.audit.what')}</th>
                <th scope="col">{t('adminPeople.privacy.by')}</th>
                <th scope="col">{t('adminPeople.customer.title')}</th>
                <th scope="col">{t('adminPeople.privacy.removed')}</th>
              </tr>
            </thead>
            <tbody>
              {log.entries.map((entry, index) => (
                <tr key={`${entry.at}-${index}`}>
                  <td>
                    <time dateTime={entry.at}>{shopClock(entry.at, { seconds: true })}</time>
                  </td>
                  <td>{t(KIND_NAMES[entry.kind])}</td>
                  <td>{byWhom(entry.actor, t)}</td>
                  <td>
                    {entry.customer_id && entry.customer ? (
                      <Link to={`/admin/customers/${entry.customer_id}`}>{entry.customer}</Link>
                    ) : entry.customer_id ? (
                      t('adminPeople.privacy.noLongerOnRecord')
                    ) : (
                      '–'
                    )}
                  </td>
                  <td>{removed(entry.details, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav aria-label={t('adminPeople.privacy.pages')} className="admin-pages">
        {page > 1 ? (
          <Link to={page === 2 ? '/admin/privacy' : `/admin/privacy?page=${page - 1}`}>{t('adminPeople.privacy.newer')}</Link>
        ) : null}{' '}
        {log.has_more ? <Link to={`/admin/privacy?page=${page + 1}`}>{t('adminPeople.privacy.older')}</Link> : null}
      </nav>

      <h2 id="retention-heading">{t('adminPeople.privacy.retentionHeading')}</h2>
      <p>{t('adminPeople.privacy.retentionIntro')}</p>
      <RetentionForm periods={periods} />
    </section>
  );
}
