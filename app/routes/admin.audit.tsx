import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import type { AuditEntry } from '@contract/api/staff';
import { shopClock } from '@contract/shop-time';

import { describeChange } from '~/components/admin/audit-entries';
import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { auditEntries } from '~/lib/admin/audit.server';
import { adminI18n } from '~/lib/admin/i18n.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminPeople.audit.title')) },
  { name: 'robots', content: 'noindex' },
];

const SHOWN = 200;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [entries, i18n] = await Promise.all([auditEntries(staff, { limit: SHOWN }), adminI18n(context, 'admin-people')]);
  return json({ entries, i18n }, { headers: ADMIN_HEADERS });
}

/** What a change set, or a dash for nothing. */
const describe = (values: AuditEntry['before']) => (values ? describeChange(values) : '–');

export default function AdminAudit() {
  const { entries } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading">{t('adminPeople.audit.title')}</h1>
      <p>{t('adminPeople.audit.intro', { count: SHOWN })}</p>
      {entries.length === 0 ? (
        <p>{t('adminPeople.audit.none')}</p>
      ) : (
        <TableScroll label={t('adminPeople.audit.changes')}>
          <table className="admin-table">
            <caption className="visually-hidden">{t('adminPeople.audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminPeople.figures.whenItalianTime')}</th>
                <th scope="col">{t('adminPeople.audit.who')}</th>
                <th scope="col">{t('adminPeople.audit.what')}</th>
                <th scope="col">{t('adminPeople.audit.on')}</th>
                <th scope="col">{t('adminPeople.audit.before')}</th>
                <th scope="col">{t('adminPeople.audit.after')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, index) => (
                <tr key={`${entry.at}-${index}`}>
                  <td>
                    <time dateTime={entry.at}>{shopClock(entry.at, { seconds: true })}</time>
                  </td>
                  <td>{entry.actor}</td>
                  <td>{entry.action}</td>
                  <td>
                    {entry.subject_type} {entry.subject_id}
                  </td>
                  <td>{describe(entry.before)}</td>
                  <td>{describe(entry.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
