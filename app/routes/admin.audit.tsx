import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import type { AuditEntry } from '@contract/api/staff';
import { shopClock } from '@contract/shop-time';

import { describeChange } from '~/components/admin/audit-entries';
import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { auditEntries } from '~/lib/admin/audit.server';
import { pageTitle } from '~/lib/page-title';
import { requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Audit log') }, { name: 'robots', content: 'noindex' }];

const SHOWN = 200;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const entries = await auditEntries(staff, { limit: SHOWN });
  return json({ entries }, { headers: ADMIN_HEADERS });
}

/** What a change set, or a dash for nothing. */
const describe = (values: AuditEntry['before']) => (values ? describeChange(values) : '–');

export default function AdminAudit() {
  const { entries } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading">Audit log</h1>
      <p>The newest {SHOWN} changes made in the back office or with the command line (shown as cli).</p>
      {entries.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <TableScroll label="Changes">
          <table className="admin-table">
            <caption className="visually-hidden">Changes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When (Italian time)</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">On</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
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
