import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import { addressLines } from '@contract/address';
import type { OrderDetail } from '@contract/api/admin';
import { customerLabel } from '@contract/erased';
import { formatEuro } from '@contract/money';
import { shopClock } from '@contract/shop-time';
import { trackingUrl } from '@contract/tracking';

import { AdminNotice } from '~/components/admin/admin-notice';
import { describeChange } from '~/components/admin/audit-entries';
import { type MoneyIntent, OrderPayment } from '~/components/admin/order-payment';
import { AdminOrderReturns } from '~/components/admin/order-returns';
import { ShipForm } from '~/components/admin/ship-form';
import { StaffNotes } from '~/components/admin/staff-notes';
import { TableScroll } from '~/components/admin/table-scroll';
import { cancelOrderFormSchema, orderNoteFormSchema, refundAllFormSchema, refundFormSchema, shipOrderSchema } from '~/forms/admin';
import { adminErrorText } from '~/lib/admin.server';
import { auditEntries } from '~/lib/admin/audit.server';
import { ADMIN_MESSAGES } from '~/lib/admin/messages';
import { addOrderNote, cancelOrder, deliverOrder, getOrder, refundOrder, shipOrder } from '~/lib/admin/orders.server';
import { listReturns } from '~/lib/admin/returns.server';
import { listCarriers } from '~/lib/admin/shipping.server';
import { failureStatus, hasErrorCode } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, type SignedInStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Order ${data.order.order_number}` : 'Order') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const order = await getOrder(staff, params.order ?? '');
  const [history, returns, carriers] = await Promise.all([
    auditEntries(staff, { subject_type: 'order', subject_id: order.purchase_id, limit: 100 }),
    listReturns(staff, { order: order.purchase_id }),
    listCarriers(staff),
  ]);
  const { notice, headers } = await takeNotice(context);
  // One key per money form and per page view: a double post of the same form refunds once (ADR 023).
  const keys = { refund: crypto.randomUUID(), 'refund-all': crypto.randomUUID(), cancel: crypto.randomUUID() };
  return json({ order, history, returns, notice, keys, owner: staff.role === 'owner', carriers: carriers.map((c) => c.name) }, { headers });
}

const INTENTS = ['ship', 'deliver', 'note', 'refund', 'refund-all', 'cancel'] as const;
type Intent = (typeof INTENTS)[number];

/** What the page hears back when an intent did not go through. */
interface Refusal {
  intent: Intent;
  result: SubmissionResult<string[]> | null;
  error: string | null;
  retryKey: string | null;
}

/** After "the provider did not answer" the form keeps its key, so posting it again finishes that same refund. */
const retryKeyOf = (error: unknown, key: string) => (hasErrorCode(error, 'upstream_unavailable') ? key : null);

const refundNotice = (done: Awaited<ReturnType<typeof refundOrder>>, restock: boolean) =>
  done.replayed
    ? ADMIN_MESSAGES.refundReplayed(formatEuro(done.refund.amount), done.order_number)
    : ADMIN_MESSAGES.refunded(formatEuro(done.refund.amount), done.order_number, restock && done.refund.lines.length > 0);

/** Runs one intent: the notice to show on success, or the refusal to answer with (and its status). */
type Outcome = { notice: string } | { refusal: Refusal; status: number };

async function runIntent(intent: Intent, staff: SignedInStaff, order: string, formData: FormData): Promise<Outcome> {
  const invalid = (result: SubmissionResult<string[]>): Outcome => ({
    refusal: { intent, result, error: null, retryKey: null },
    status: 400,
  });
  const refused = (reply: (options: { formErrors: string[] }) => SubmissionResult<string[]>, error: unknown, key?: string): Outcome => ({
    refusal: { intent, result: reply({ formErrors: [adminErrorText(error)] }), error: null, retryKey: key ? retryKeyOf(error, key) : null },
    status: failureStatus(error),
  });
  if (intent === 'deliver') {
    try {
      const done = await deliverOrder(staff, order);
      return { notice: `Order ${done.order_number} is marked delivered. The buyer was emailed.` };
    } catch (error) {
      return { refusal: { intent, result: null, error: adminErrorText(error), retryKey: null }, status: failureStatus(error) };
    }
  }
  if (intent === 'note') {
    const submission = parseWithZod(formData, { schema: orderNoteFormSchema });
    if (submission.status !== 'success') return invalid(submission.reply());
    try {
      await addOrderNote(staff, order, submission.value.note);
      return { notice: 'Your note is saved.' };
    } catch (error) {
      return refused(submission.reply, error);
    }
  }
  if (intent === 'refund') {
    const submission = parseWithZod(formData, { schema: refundFormSchema });
    if (submission.status !== 'success') return invalid(submission.reply());
    const { idempotency_key, lines, amount, restock, reason } = submission.value;
    try {
      const body = {
        order,
        idempotency_key,
        lines: lines.filter((line) => line.quantity > 0),
        amount: amount ?? 0,
        restock,
        reason: reason ?? '',
      };
      const done = await refundOrder(staff, body);
      return { notice: refundNotice(done, done.refund.restock) };
    } catch (error) {
      return refused(submission.reply, error, idempotency_key);
    }
  }
  if (intent === 'refund-all') {
    const submission = parseWithZod(formData, { schema: refundAllFormSchema });
    if (submission.status !== 'success') return invalid(submission.reply());
    const { idempotency_key, restock } = submission.value;
    try {
      return { notice: refundNotice(await refundOrder(staff, { order, idempotency_key, full: true, restock }), restock) };
    } catch (error) {
      return refused(submission.reply, error, idempotency_key);
    }
  }
  if (intent === 'cancel') {
    const submission = parseWithZod(formData, { schema: cancelOrderFormSchema });
    if (submission.status !== 'success') return invalid(submission.reply());
    const { idempotency_key, reason } = submission.value;
    try {
      const done = await cancelOrder(staff, { order, idempotency_key, reason: reason ?? '' });
      return { notice: ADMIN_MESSAGES.cancelled(done.order_number, formatEuro(done.refund.amount)) };
    } catch (error) {
      return refused(submission.reply, error, idempotency_key);
    }
  }
  const carriers = (await listCarriers(staff)).map((carrier) => carrier.name);
  const submission = parseWithZod(formData, { schema: shipOrderSchema(carriers) });
  if (submission.status !== 'success') return invalid(submission.reply());
  try {
    const done = await shipOrder(staff, order, submission.value);
    return { notice: `Order ${done.order_number} is marked shipped with ${done.carrier}. The buyer was emailed the tracking link.` };
  } catch (error) {
    return refused(submission.reply, error);
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  const posted = formData.get('intent');
  const intent: Intent = INTENTS.find((known) => known === posted) ?? 'ship';
  const outcome = await runIntent(intent, staff, params.order ?? '', formData);
  if ('refusal' in outcome) return json(outcome.refusal, { status: outcome.status });
  return redirectWithNotice(context, new URL(request.url).pathname, outcome.notice);
}

function OrderFacts({ order }: { order: OrderDetail }) {
  const link = order.tracking_url ?? trackingUrl(order.carrier, order.tracking_number);
  return (
    <dl className="admin-facts">
      <dt>Status</dt>
      <dd>{order.status}</dd>
      <dt>Placed (Italian time)</dt>
      <dd>{shopClock(order.created_at)}</dd>
      <dt>Customer</dt>
      <dd>{customerLabel(order.customer_email)}</dd>
      <dt>Payment</dt>
      <dd>{order.payment_method}</dd>
      <dt>Tracking</dt>
      <dd>
        {order.tracking_number ? (
          link ? (
            <a href={link} rel="noreferrer">
              {order.carrier} {order.tracking_number}
            </a>
          ) : (
            `${order.carrier} ${order.tracking_number}`
          )
        ) : (
          'Not shipped yet'
        )}
      </dd>
    </dl>
  );
}

function OrderItems({ order }: { order: OrderDetail }) {
  const address = addressLines(order.shipping_address);
  return (
    <>
      <h2>Items</h2>
      <TableScroll label="Items">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">SKU</th>
              <th scope="col">Quantity</th>
              <th scope="col">Price</th>
              <th scope="col">Subtotal</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={`${item.sku}-${item.variant}`}>
                <td>
                  {item.name}
                  {item.variant ? ` (${item.variant})` : ''}
                </td>
                <td>{item.sku}</td>
                <td>{item.quantity}</td>
                <td>{formatEuro(item.price)}</td>
                <td>{formatEuro(item.subtotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <dl className="admin-facts">
        <dt>Items</dt>
        <dd>{formatEuro(order.subtotal)}</dd>
        <dt>Shipping</dt>
        <dd>{formatEuro(order.shipping_cost)}</dd>
        {order.discount > 0 || order.discount_code ? (
          <>
            <dt>Discount{order.discount_code ? ` (${order.discount_code})` : ''}</dt>
            <dd>{order.discount > 0 ? `-${formatEuro(order.discount)}` : 'Free shipping'}</dd>
          </>
        ) : null}
        <dt>Total paid</dt>
        <dd>{formatEuro(order.total)}</dd>
        <dt>VAT included</dt>
        <dd>{formatEuro(order.tax)}</dd>
      </dl>

      <h2>Deliver to</h2>
      {address.length ? (
        <address>
          {address.map((line) => (
            <span key={line} className="admin-address-line">
              {line}
            </span>
          ))}
        </address>
      ) : (
        <p>No address on this order.</p>
      )}
    </>
  );
}

export default function AdminOrder() {
  const { order, history, returns, notice, keys, owner, carriers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busyIntent = useNavigation().formData?.get('intent');
  const busy = typeof busyIntent === 'string' ? busyIntent : null;
  const status = order.status.toLowerCase();
  const lastResult = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  // The key a money form posts: the one kept after "no answer", or this page view's own.
  const moneyKey = (intent: MoneyIntent) => (actionData?.intent === intent ? actionData.retryKey : null) ?? keys[intent];
  const moneyKeys = { refund: moneyKey('refund'), 'refund-all': moneyKey('refund-all'), cancel: moneyKey('cancel') };
  return (
    <article aria-labelledby="order-heading">
      <p>
        <Link to="/admin/orders">All orders</Link>
      </p>
      <h1 id="order-heading">Order {order.order_number}</h1>
      <AdminNotice notice={notice} />
      {actionData?.error ? (
        <p className="notice notice--error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <OrderFacts order={order} />
      <OrderItems order={order} />

      {/* The usual next step first: shipping (or delivery), then money going back. */}
      {status === 'processing' ? (
        <ShipForm
          id="ship-order"
          headingId="ship-heading"
          heading="Ship it"
          submitLabel="Mark shipped and email the buyer"
          lastResult={lastResult('ship')}
          busy={busy === 'ship'}
          carriers={carriers}
        />
      ) : null}
      {status === 'shipped' ? (
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="deliver" />
          <button type="submit" className="button">
            Mark delivered
          </button>
        </Form>
      ) : null}

      <OrderPayment
        order={order}
        owner={owner}
        forms={{ keys: moneyKeys, lastIntent: actionData?.intent, lastResult: actionData?.result, busyIntent: busy }}
      />

      <AdminOrderReturns returns={returns} />

      <StaffNotes notes={order.notes} lastResult={lastResult('note')} busy={busy === 'note'} />

      <h2>History</h2>
      {/* Newest first: changes, refunds and the emails the buyer was sent, back to the payment. */}
      <ol className="admin-history">
        {history.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <time dateTime={entry.at}>{shopClock(entry.at)}</time> {entry.actor}: {entry.action}
            {entry.after ? ` (${describeChange(entry.after)})` : ''}
          </li>
        ))}
        <li>
          <time dateTime={order.created_at}>{shopClock(order.created_at)}</time> {customerLabel(order.customer_email)}: paid{' '}
          {formatEuro(order.total)} ({order.payment_method})
        </li>
      </ol>
    </article>
  );
}
