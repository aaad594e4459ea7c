import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import { addressLines } from '@contract/address';
import type { CustomerDetail } from '@contract/api/customers';
import { eraseCustomerRequestSchema } from '@contract/api/privacy';
import { formatEuro } from '@contract/money';
import { shopClock } from '@contract/shop-time';

import { AdminNotice } from '~/components/admin/admin-notice';
import { isErased, useCustomerLabel } from '~/components/admin/customer-label';
import { CustomerPrivacy, ERASE_INTENT } from '~/components/admin/customer-privacy';
import { OrdersTable } from '~/components/admin/orders-table';
import { StaffNotes } from '~/components/admin/staff-notes';
import { orderNoteFormSchema } from '~/forms/admin';
import { adminErrorText } from '~/lib/admin.server';
import { addCustomerNote, customerNotFound, eraseCustomer, getCustomer } from '~/lib/admin/customers.server';
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ data, location, matches }) => [
  { title: pageTitle(data ? data.customer.email : metaTranslator(location, matches, data).t('adminPeople.customer.title')) },
  { name: 'robots', content: 'noindex' },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const id = params.id ?? '';
  if (!UUID.test(id)) throw customerNotFound(staff.locale);
  const detail = await getCustomer(staff, id);
  const { notice, headers } = await takeNotice(context);
  // The orders area's words too: the orders table and the staff notes are its components.
  const i18n = await adminI18n(context, 'admin-people', 'admin-orders');
  return json({ ...detail, notice, owner: staff.role === 'owner', i18n }, { headers });
}

/** A staff note on the customer, or (an owner, at the customer's request) their erasure. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  const t = await adminTranslator(context, 'admin-people');
  if (formData.get('intent') === ERASE_INTENT) {
    const parsed = eraseCustomerRequestSchema.safeParse({ confirm_email: formData.get('confirm_email') ?? '' });
    if (!parsed.success) return json({ result: null, eraseError: parsed.error.issues[0].message }, { status: 400 });
    try {
      await eraseCustomer(staff, params.id ?? '', parsed.data);
    } catch (error) {
      return json({ result: null, eraseError: adminErrorText(error, staff.locale) }, { status: failureStatus(error) });
    }
    return redirectWithNotice(context, new URL(request.url).pathname, t('adminPeople.customer.erased'));
  }
  const submission = parseWithZod(formData, { schema: orderNoteFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply(), eraseError: null }, { status: 400 });
  try {
    await addCustomerNote(staff, params.id ?? '', submission.value.note);
  } catch (error) {
    return json(
      { result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }), eraseError: null },
      { status: failureStatus(error) },
    );
  }
  return redirectWithNotice(context, new URL(request.url).pathname, t('adminPeople.customer.noteSaved'));
}

/** What the customer did besides ordering: cards unlocked and back-in-stock requests. */
function CustomerActivity({ cards, wishlist }: Pick<CustomerDetail, 'cards' | 'wishlist'>) {
  const { t } = useI18n();
  return (
    <>
      <h2>{t('adminPeople.customer.cardsUnlocked')}</h2>
      {cards.length === 0 ? (
        <p>{t('adminPeople.customer.noneYet')}</p>
      ) : (
        <ul>
          {cards.map((card) => (
            <li key={`${card.name}-${card.unlocked_at}`}>
              {card.name} ({shopClock(card.unlocked_at)})
            </li>
          ))}
        </ul>
      )}

      <h2>{t('adminPeople.customer.backInStock')}</h2>
      {wishlist.length === 0 ? (
        <p>{t('adminPeople.customer.none')}</p>
      ) : (
        <ul>
          {wishlist.map((entry, index) => (
            <li key={`${entry.since}-${index}`}>
              {t('adminPeople.customer.request', {
                what: entry.variant ?? entry.product_name ?? t('adminPeople.customer.productGone'),
                status: t(entry.notified ? 'adminPeople.customer.emailedBack' : 'adminPeople.customer.waiting'),
                when: shopClock(entry.since),
              })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default function AdminCustomer() {
  const { customer, orders, last_shipping_address, cards, wishlist, notes, notice, owner } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const intent = useNavigation().formData?.get('intent');
  const busy = intent === 'note';
  const shipping = addressLines(last_shipping_address);
  const { locale, t } = useI18n();
  const customerLabel = useCustomerLabel();
  return (
    <article aria-labelledby="customer-heading">
      <p>
        <Link to="/admin/customers">{t('adminPeople.customer.all')}</Link>
      </p>
      <h1 id="customer-heading">{customerLabel(customer.email)}</h1>
      <AdminNotice notice={notice} />
      <dl className="admin-facts">
        <dt>{t('adminPeople.customers.name')}</dt>
        <dd>{customer.name ?? '–'}</dd>
        <dt>{t('adminPeople.customers.account')}</dt>
        <dd>
          {t(customer.user_type === 'registered' ? 'adminPeople.customers.registered' : 'adminPeople.customers.guest')},{' '}
          {t('adminPeople.customer.memberSince', { when: shopClock(customer.member_since) })}
        </dd>
        <dt>{t('adminPeople.customer.phone')}</dt>
        <dd>{customer.phone ?? '–'}</dd>
        <dt>{t('adminPeople.figures.orders')}</dt>
        <dd>{t('adminPeople.customer.ordersInAll', { orders: customer.orders, amount: formatEuro(customer.total_spent, locale) })}</dd>
      </dl>
      <p>
        <Link to={`/admin/customers/${customer.id}/store-credit`}>{t('adminPeople.customer.storeCreditLink')}</Link>
      </p>

      <h2>{t('adminPeople.customer.addresses')}</h2>
      <dl className="admin-facts">
        <dt>{t('adminPeople.customer.profile')}</dt>
        <dd>{customer.address ?? '–'}</dd>
        <dt>{t('adminPeople.customer.lastDelivery')}</dt>
        <dd>
          {shipping.length ? (
            <address>
              {shipping.map((line) => (
                <span key={line} className="admin-address-line">
                  {line}
                </span>
              ))}
            </address>
          ) : (
            '–'
          )}
        </dd>
      </dl>

      <h2>{t('adminPeople.figures.orders')}</h2>
      {orders.length === 0 ? <p>{t('adminPeople.customer.noOrders')}</p> : <OrdersTable orders={orders} />}

      <StaffNotes notes={notes} lastResult={actionData?.result} busy={busy} />

      {owner ? (
        <CustomerPrivacy
          customerId={customer.id}
          erased={isErased(customer.email)}
          error={actionData?.eraseError ?? null}
          busy={intent === ERASE_INTENT}
        />
      ) : null}

      <CustomerActivity cards={cards} wishlist={wishlist} />
    </article>
  );
}
