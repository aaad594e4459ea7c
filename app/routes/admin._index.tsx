import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { FiguresPanel } from '~/components/admin/figures-panel';
import { FunnelPanel } from '~/components/admin/funnel-panel';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { dashboardFigures, funnelFigures } from '~/lib/admin/figures.server';
import { adminI18n } from '~/lib/admin/i18n.server';
import { type MessageKey, metaTranslator, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminPeople.overview.title')) },
  { name: 'robots', content: 'noindex' },
];

/** What each role may do (the API enforces it; this says it), in the member's language. */
const ROLE_SCOPE: Record<'owner' | 'staff', MessageKey> = {
  owner: 'adminPeople.overview.scope.owner',
  staff: 'adminPeople.overview.scope.staff',
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const days = new URL(request.url).searchParams.get('funnel') === '30' ? 30 : 7;
  const [figures, funnel, i18n] = await Promise.all([
    dashboardFigures(staff),
    funnelFigures(staff, days),
    adminI18n(context, 'admin-people'),
  ]);
  return json({ email: staff.email, role: staff.role, figures, funnel, days, i18n }, { headers: ADMIN_HEADERS });
}

export default function AdminOverview() {
  const { email, role, figures, funnel, days } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <section aria-labelledby="admin-overview-heading">
      <h1 id="admin-overview-heading">{t('adminPeople.overview.title')}</h1>
      <p>
        {t('adminPeople.overview.signedInAs')} <strong>{email}</strong>,{' '}
        {t(role === 'owner' ? 'adminPeople.overview.anOwner' : 'adminPeople.overview.staff')}. {t('adminPeople.overview.roleCovers')}{' '}
        {t(ROLE_SCOPE[role])}
      </p>
      <ul className="admin-cards">
        <li>
          <Link to="/admin/orders">{t('adminPeople.overview.orders')}</Link>: {t('adminPeople.overview.ordersText')}
        </li>
        <li>
          <Link to="/admin/stock">{t('adminPeople.overview.stock')}</Link>: {t('adminPeople.overview.stockText')}
        </li>
        <li>
          <Link to="/admin/customers">{t('adminPeople.overview.customers')}</Link>: {t('adminPeople.overview.customersText')}
        </li>
        {role === 'owner' ? (
          <li>
            <Link to="/admin/staff">{t('adminPeople.overview.staffLink')}</Link>: {t('adminPeople.overview.staffText')}
          </li>
        ) : null}
        <li>
          <Link to="/admin/reminders">{t('adminPeople.overview.reminders')}</Link>: {t('adminPeople.overview.remindersText')}
        </li>
        <li>
          <Link to="/admin/audit">{t('adminPeople.overview.audit')}</Link>: {t('adminPeople.overview.auditText')}
        </li>
      </ul>
      <FunnelPanel funnel={funnel} days={days} />
      <FiguresPanel figures={figures} />
    </section>
  );
}
