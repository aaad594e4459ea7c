import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import { formatEuro } from '@contract/money';

import { AdminNotice } from '~/components/admin/admin-notice';
import { OrderFacts, OrderHistory, OrderItems } from '~/components/admin/order-facts';
import { type MoneyIntent, OrderPayment } from '~/components/admin/order-payment';
import { AdminOrderReturns } from '~/components/admin/order-returns';
import { ShipForm } from '~/components/admin/ship-form';
import { StaffNotes } from '~/components/admin/staff-notes';
import { cancelOrderFormSchema, orderNoteFormSchema, refundAllFormSchema, refundFormSchema, shipOrderSchema } from '~/forms/admin';
import { adminErrorText } from '~/lib/admin.server';
import { auditEntries } from '~/lib/admin/audit.server';
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
import { addOrderNote, cancelOrder, deliverOrder, getOrder, refundOrder, shipOrder } from '~/lib/admin/orders.server';
import { listReturns } from '~/lib/admin/returns.server';
import { listCarriers } from '~/lib/admin/shipping.server';
import { failureStatus, hasErrorCode } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { type Locale, metaTranslator, type Translate, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, type SignedInStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => {
  const { t } = metaTranslator(location, matches, data);
  return [
    { title: pageTitle(data ? t('adminOrders.orderNumber', { number: data.order.order_number }) : t('adminOrders.order')) },
    { name: 'robots', content: 'noindex' },
  ];
};

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
  const i18n = await adminI18n(context, 'admin-orders');
  return json(
    { order, history, returns, notice, keys, owner: staff.role === 'owner', carriers: carriers.map((c) => c.name), i18n },
    { headers },
  );
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

function refundNotice(done: Awaited<ReturnType<typeof refundOrder>>, restock: boolean, t: Translate, locale: Locale): string {
  const values = { amount: formatEuro(done.refund.amount, locale), number: done.order_number };
  if (done.replayed) return t('adminOrders.notice.refundReplayed', values);
  return restock && done.refund.lines.length > 0
    ? t('adminOrders.notice.refundedRestocked', values)
    : t('adminOrders.notice.refunded', values);
}

/** Runs one intent: the notice to show on success, or the refusal to answer with (and its status). */
type Outcome = { notice: string } | { refusal: Refusal; status: number };

async function runIntent(intent: Intent, staff: SignedInStaff, order: string, formData: FormData, t: Translate): Promise<Outcome> {
  const { locale } = staff;
  const invalid = (result: SubmissionResult<string[]>): Outcome => ({
    refusal: { intent, result, error: null, retryKey: null },
    status: 400,
  });
  const refused = (reply: (options: { formErrors: string[] }) => SubmissionResult<string[]>, error: unknown, key?: string): Outcome => ({
    refusal: {
      intent,
      result: reply({ formErrors: [adminErrorText(error, locale)] }),
      error: null,
      retryKey: key ? retryKeyOf(error, key) : null,
    },
    status: failureStatus(error),
  });
  if (intent === 'deliver') {
    try {
      const done = await deliverOrder(staff, order);
      return { notice: t('adminOrders.notice.delivered', { number: done.order_number }) };
    } catch (error) {
      return { refusal: { intent, result: null, error: adminErrorText(error, locale), retryKey: null }, status: failureStatus(error) };
    }
  }
  if (intent === 'note') {
    const submission = parseWithZod(formData, { schema: orderNoteFormSchema });
    if (submission.status !== 'success') return invalid(submission.reply());
    try {
      await addOrderNote(staff, order, submission.value.note);
      return { notice: t('adminOrders.notice.noteSaved') };
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
      return { notice: refundNotice(done, done.refund.restock, t, locale) };
    } catch (error) {
      return refused(submission.reply, error, idempotency_key);
    }
  }
  if (intent === 'refund-all') {
    const submission = parseWithZod(formData, { schema: refundAllFormSchema });
    if (submission.status !== 'success') return invalid(submission.reply());
    const { idempotency_key, restock } = submission.value;
    try {
      const done = await refundOrder(staff, { order, idempotency_key, full: true, restock });
      return { notice: refundNotice(done, restock, t, locale) };
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
      return { notice: t('adminOrders.notice.cancelled', { number: done.order_number, amount: formatEuro(done.refund.amount, locale) }) };
    } catch (error) {
      return refused(submission.reply, error, idempotency_key);
    }
  }
  const carriers = (await listCarriers(staff)).map((carrier) => carrier.name);
  const submission = parseWithZod(formData, { schema: shipOrderSchema(carriers) });
  if (submission.status !== 'success') return invalid(submission.reply());
  try {
    const done = await shipOrder(staff, order, submission.value);
    return { notice: t('adminOrders.notice.shipped', { number: done.order_number, carrier: done.carrier }) };
  } catch (error) {
    return refused(submission.reply, error);
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  const posted = formData.get('intent');
  const intent: Intent = INTENTS.find((known) => known === posted) ?? 'ship';
  const outcome = await runIntent(intent, staff, params.order ?? '', formData, await adminTranslator(context, 'admin-orders'));
  if ('refusal' in outcome) return json(outcome.refusal, { status: outcome.status });
  return redirectWithNotice(context, new URL(request.url).pathname, outcome.notice);
}

export default function AdminOrder() {
  const { order, history, returns, notice, keys, owner, carriers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useI18n();
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
        <Link to="/admin/orders">{t('adminOrders.allOrders')}</Link>
      </p>
      <h1 id="order-heading">{t('adminOrders.orderNumber', { number: order.order_number })}</h1>
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
          heading={t('adminOrders.ship.heading')}
          submitLabel={t('adminOrders.ship.submit')}
          lastResult={lastResult('ship')}
          busy={busy === 'ship'}
          carriers={carriers}
        />
      ) : null}
      {status === 'shipped' ? (
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="deliver" />
          <button type="submit" className="button">
            {t('adminOrders.markDelivered')}
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

      <OrderHistory order={order} history={history} />
    </article>
  );
}
