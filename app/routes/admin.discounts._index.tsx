import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { formatEuro } from '@contract/money';

import { AdminNotice } from '~/components/admin/admin-notice';
import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { discountDates, discountText } from '~/lib/admin/catalogue-words';
import { listDiscountCodes } from '~/lib/admin/discounts.server';
import { adminI18n } from '~/lib/admin/i18n.server';
import { metaTranslator, type Translate, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminCatalogue.discounts.title')) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const i18n = await adminI18n(context, 'admin-catalogue');
  if (staff.role !== 'owner')
    return json({ forbidden: true as const, codes: [], notice: null, i18n }, { status: 403, headers: ADMIN_HEADERS });
  const [list, { notice, headers }] = await Promise.all([listDiscountCodes(staff), takeNotice(context)]);
  return json({ forbidden: false as const, codes: list.codes, notice, i18n }, { headers: { ...ADMIN_HEADERS, ...headers } });
}

/** What a code is limited to: some products, some categories, or everything. */
function limits(code: { product_ids: string[]; category_ids: string[] }, t: Translate): string {
  const parts = [
    code.product_ids.length ? t('adminCatalogue.discounts.products', { count: code.product_ids.length }) : null,
    code.category_ids.length ? t('adminCatalogue.discounts.categories', { count: code.category_ids.length }) : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : t('adminCatalogue.discounts.everything');
}

export default function AdminDiscounts() {
  const { forbidden, codes, notice } = useLoaderData<typeof loader>();
  const { t, locale } = useI18n();
  return (
    <section aria-labelledby="discounts-heading">
      <h1 id="discounts-heading">{t('adminCatalogue.discounts.title')}</h1>
      {forbidden ? (
        <p role="alert">{t('adminCatalogue.discounts.ownerOnly')}</p>
      ) : (
        <>
          <AdminNotice notice={notice} />
          <p>
            <Link to="/admin/discounts/new" className="button">
              {t('adminCatalogue.discounts.new')}
            </Link>
          </p>
          {codes.length === 0 ? (
            <p>{t('adminCatalogue.discounts.none')}</p>
          ) : (
            <TableScroll label={t('adminCatalogue.discounts.title')}>
              <table className="admin-table">
                <caption className="visually-hidden">{t('adminCatalogue.discounts.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('adminCatalogue.discounts.code')}</th>
                    <th scope="col">{t('adminCatalogue.discounts.takesOff')}</th>
                    <th scope="col">{t('adminCatalogue.discounts.minimum')}</th>
                    <th scope="col">{t('adminCatalogue.discounts.when')}</th>
                    <th scope="col">{t('adminCatalogue.discounts.uses')}</th>
                    <th scope="col">{t('adminCatalogue.discounts.limitedTo')}</th>
                    <th scope="col">{t('adminCatalogue.common.state')}</th>
                  </tr>
                </thead>
                <tbody>
                  {codes.map((code) => (
                    <tr key={code.id}>
                      <th scope="row">
                        <Link to={`/admin/discounts/${code.id}`}>{code.code}</Link>
                      </th>
                      <td>{discountText(code, t, locale)}</td>
                      <td>{code.min_total ? formatEuro(code.min_total, locale) : t('adminCatalogue.common.none')}</td>
                      <td>{discountDates(code, t, locale)}</td>
                      <td>
                        {code.uses}
                        {code.max_uses ? ` ${t('adminCatalogue.discounts.usesOf', { max: code.max_uses })}` : ''}
                        {code.max_uses_per_customer
                          ? ` ${t('adminCatalogue.discounts.perCustomer', { count: code.max_uses_per_customer })}`
                          : ''}
                      </td>
                      <td>{limits(code, t)}</td>
                      <td>
                        {t(
                          code.usable
                            ? 'adminCatalogue.discounts.usable'
                            : code.active
                              ? 'adminCatalogue.discounts.notUsable'
                              : 'adminCatalogue.discounts.inactive',
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
    </section>
  );
}
