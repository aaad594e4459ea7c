import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import { addressLines } from '@contract/address';
import type { CustomerDetail } from '@contract/api/customers';
import { eraseCustomerRequestSchema } from '@contract/api/privacy';
import { customerLabel } from '@contract/erased';
import { formatEuro } from '@contract/money';
import { shopClock } from '@contract/shop-time';

import { AdminNotice } from '~/components/admin/admin-notice';
import { CustomerPrivacy, ERASE_INTENT } from '~/components/admin/customer-privacy';
import { OrdersTable } from '~/components/admin/orders-table';
import { StaffNotes } from '~/components/admin/staff-notes';
import { orderNoteFormSchema } from '~/forms/admin';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { addCustomerNote, eraseCustomer, getCustomer } from '~/lib/admin/customers.server';
import { adminI18n } from '~/lib/admin/i18n.server';
import { ADMIN_MESSAGES } from '~/lib/admin/messages';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? data.customer.email : 'Customer') },
  { name: 'robots', content: 'noindex' },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const id = params.id ?? '';
  if (!UUID.test(id)) throw json({ detail: 'No such customer' }, { status: 404, headers: ADMIN_HEADERS });
  const detail = await getCustomer(staff, id);
  const { notice, headers } = await takeNotice(context);
  // The orders table and the notes are the orders area's components: their words come with it.
  return json({ ...detail, notice, owner: staff.role === 'owner', i18n: await adminI18n(context, 'admin-orders') }, { headers });
}

/** A staff note on the customer, or (an owner, at the customer's request) their erasure. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  if (formData.get('intent') === ERASE_INTENT) {
    const parsed = eraseCustomerRequestSchema.safeParse({ confirm_email: formData.get('confirm_email') ?? '' });
    if (!parsed.success) return json({ result: null, eraseError: parsed.error.issues[0].message }, { status: 400 });
    try {
      await eraseCustomer(staff, params.id ?? '', parsed.data);
    } catch (error) {
      return json({ result: null, eraseError: adminErrorText(error) }, { status: failureStatus(error) });
    }
    return redirectWithNotice(context, new URL(request.url).pathname, ADMIN_MESSAGES.customerErased);
  }
  const submission = parseWithZod(formData, { schema: orderNoteFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply(), eraseError: null }, { status: 400 });
  try {
    await addCustomerNote(staff, params.id ?? '', submission.value.note);
  } catch (error) {
    return json({ result: submission.reply({ formErrors: [adminErrorText(error)] }), eraseError: null }, { status: failureStatus(error) });
  }
  return redirectWithNotice(context, new URL(request.url).pathname, 'Your note is saved.');
}

/** What the customer did besides ordering: cards unlocked and back-in-stock requests. */
function CustomerActivity({ cards, wishlist }: Pick<CustomerDetail, 'cards' | 'wishlist'>) {
  return (
    <>
      <h2>Cards unlocked</h2>
      {cards.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul>
          {cards.map((card) => (
            <li key={`${card.name}-${card.unlocked_at}`}>
              {card.name} ({shopClock(card.unlocked_at)})
            </li>
          ))}
        </ul>
      )}

      <h2>Back-in-stock requests</h2>
      {wishlist.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {wishlist.map((entry, index) => (
            <li key={`${entry.since}-${index}`}>
              {entry.variant ?? entry.product_name ?? 'A product no longer sold'}:{' '}
              {entry.notified ? 'emailed when it came back' : 'waiting'} (since {shopClock(entry.since)})
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
  return (
    <article aria-labelledby="customer-heading">
      <p>
        <Link to="/admin/customers">All customers</Link>
      </p>
      <h1 id="customer-heading">{customerLabel(customer.email)}</h1>
      <AdminNotice notice={notice} />
      <dl className="admin-facts">
        <dt>Name</dt>
        <dd>{customer.name ?? '–'}</dd>
        <dt>Account</dt>
        <dd>
          {customer.user_type === 'registered' ? 'Registered' : 'Guest'}, since {shopClock(customer.member_since)} (Italian time)
        </dd>
        <dt>Phone</dt>
        <dd>{customer.phone ?? '–'}</dd>
        <dt>Orders</dt>
        <dd>
          {customer.orders}, {formatEuro(customer.total_spent)} in all
        </dd>
      </dl>
      <p>
        <Link to={`/admin/customers/${customer.id}/store-credit`}>Store credit and its ledger</Link>
      </p>

      <h2>Addresses</h2>
      <dl className="admin-facts">
        <dt>Profile</dt>
        <dd>{customer.address ?? '–'}</dd>
        <dt>Last delivery</dt>
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

      <h2>Orders</h2>
      {orders.length === 0 ? <p>No orders yet.</p> : <OrdersTable orders={orders} />}

      <StaffNotes notes={notes} lastResult={actionData?.result} busy={busy} />

      {owner ? (
        <CustomerPrivacy
          customerId={customer.id}
          erased={customerLabel(customer.email) !== customer.email}
          error={actionData?.eraseError ?? null}
          busy={intent === ERASE_INTENT}
        />
      ) : null}

      <CustomerActivity cards={cards} wishlist={wishlist} />
    </article>
  );
}
