import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import { returnLineLabel } from '@contract/api/returns';
import { shopClock } from '@contract/shop-time';

import { AdminNotice } from '~/components/admin/admin-notice';
import { ShipForm } from '~/components/admin/ship-form';
import { TableScroll } from '~/components/admin/table-scroll';
import { shipOrderSchema } from '~/forms/admin';
import { adminErrorText } from '~/lib/admin.server';
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
import { RETURN_REASON_KEYS, RETURN_STATUS_KEYS } from '~/lib/admin/order-words';
import { getReturn, moveReturn, shipExchange } from '~/lib/admin/returns.server';
import { listCarriers } from '~/lib/admin/shipping.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, type Translate, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => {
  const { t } = metaTranslator(location, matches, data);
  return [
    { title: pageTitle(data ? t('adminOrders.return.title', { number: data.item.number }) : t('adminOrders.returns.return')) },
    { name: 'robots', content: 'noindex' },
  ];
};

/** One return in the back office (ADR 032): staff mark the parcel received; an owner refunds it, ships the exchange, or cancels it. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const number = (params.number ?? '').toUpperCase();
  const [item, carriers] = await Promise.all([getReturn(staff, number), listCarriers(staff)]);
  const { notice, headers } = await takeNotice(context);
  const i18n = await adminI18n(context, 'admin-orders');
  return json({ item, notice, owner: staff.role === 'owner', carriers: carriers.map((carrier) => carrier.name), i18n }, { headers });
}

const INTENTS = ['receive', 'refund', 'ship', 'cancel'] as const;
type Intent = (typeof INTENTS)[number];

/** What the member reads once a step is done. */
function stepNotice(intent: Exclude<Intent, 'ship'>, number: string, t: Translate): string {
  if (intent === 'receive') return t('adminOrders.return.notice.received', { number });
  return intent === 'refund' ? t('adminOrders.return.notice.refunded', { number }) : t('adminOrders.return.notice.cancelled', { number });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  const intent: Intent | undefined = INTENTS.find((known) => known === formData.get('intent'));
  const number = (params.number ?? '').toUpperCase();
  const t = await adminTranslator(context, 'admin-orders');
  if (!intent) return json({ intent: null, result: null, error: t('adminOrders.return.chooseIntent') }, { status: 400 });
  let notice: string;
  try {
    if (intent === 'ship') {
      const carriers = (await listCarriers(staff)).map((carrier) => carrier.name);
      const submission = parseWithZod(formData, { schema: shipOrderSchema(carriers) });
      if (submission.status !== 'success') return json({ intent, result: submission.reply(), error: null }, { status: 400 });
      try {
        const done = await shipExchange(staff, number, submission.value);
        notice = t('adminOrders.return.notice.exchangeShipped', { number: done.number, carrier: done.carrier ?? '' });
      } catch (error) {
        return json(
          { intent, result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }), error: null },
          { status: failureStatus(error) },
        );
      }
    } else {
      const done = await moveReturn(staff, intent, number);
      notice = stepNotice(intent, done.number, t);
    }
  } catch (error) {
    return json({ intent, result: null, error: adminErrorText(error, staff.locale) }, { status: failureStatus(error) });
  }
  return redirectWithNotice(context, new URL(request.url).pathname, notice);
}

function StepButton({ intent, label, danger = false }: { intent: Exclude<Intent, 'ship'>; label: string; danger?: boolean }) {
  const busy = useNavigation().formData?.get('intent') === intent;
  const { t } = useI18n();
  return (
    <Form method="post" className="admin-form">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={danger ? 'button button--danger' : 'button'} disabled={busy}>
        {busy ? t('adminOrders.working') : label}
      </button>
    </Form>
  );
}

export default function AdminReturn() {
  const { item, notice, owner, carriers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const shipping = useNavigation().formData?.get('intent') === 'ship';
  const open = item.status === 'requested' || item.status === 'received';
  const { t } = useI18n();
  return (
    <article aria-labelledby="return-heading">
      <p>
        <Link to={`/admin/orders/${item.purchase_id}`}>{t('adminOrders.orderNumber', { number: item.order_number })}</Link>
      </p>
      <h1 id="return-heading">{t('adminOrders.return.title', { number: item.number })}</h1>
      <AdminNotice notice={notice} />
      {actionData?.error ? (
        <p className="notice notice--error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <dl className="admin-facts">
        <dt>{t('adminOrders.status')}</dt>
        <dd>{t(RETURN_STATUS_KEYS[item.status])}</dd>
        <dt>{t('adminOrders.askedFor')}</dt>
        <dd>{item.kind === 'exchange' ? t('adminOrders.return.exchangeKind') : t('adminOrders.return.refundKind')}</dd>
        <dt>{t('adminOrders.return.reason')}</dt>
        <dd>
          {t(RETURN_REASON_KEYS[item.reason])}
          {item.comment ? `: ${item.comment}` : ''}
        </dd>
        <dt>{t('adminOrders.requestedAt')}</dt>
        <dd>{shopClock(item.created_at)}</dd>
        {item.received_at ? (
          <>
            <dt>{t('adminOrders.return.receivedAt')}</dt>
            <dd>{shopClock(item.received_at)}</dd>
          </>
        ) : null}
        {item.tracking_number ? (
          <>
            <dt>{t('adminOrders.return.parcel')}</dt>
            <dd>
              {item.tracking_url ? (
                <a href={item.tracking_url} rel="noreferrer">{`${item.carrier} ${item.tracking_number}`}</a>
              ) : (
                `${item.carrier} ${item.tracking_number}`
              )}
            </dd>
          </>
        ) : null}
      </dl>
      <TableScroll label={t('adminOrders.return.items')}>
        <table className="admin-table">
          <caption>{t('adminOrders.return.items')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminOrders.item')}</th>
              <th scope="col">SKU</th>
              <th scope="col">{t('adminOrders.units')}</th>
              <th scope="col">{t('adminOrders.return.exchangeFor')}</th>
            </tr>
          </thead>
          <tbody>
            {item.lines.map((line) => (
              <tr key={line.item_id}>
                <td>{returnLineLabel(line)}</td>
                <td>{line.sku}</td>
                <td>{line.quantity}</td>
                <td>
                  {line.exchange ? `${line.exchange.description || line.exchange.sku} (${line.exchange.sku})` : t('adminOrders.refund')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>

      {item.status === 'requested' ? <StepButton intent="receive" label={t('adminOrders.return.receive')} /> : null}
      {item.status === 'received' && owner && item.kind === 'refund' ? (
        <StepButton intent="refund" label={t('adminOrders.return.refund')} />
      ) : null}
      {item.status === 'received' && owner && item.kind === 'exchange' ? (
        <ShipForm
          id="ship-exchange"
          headingId="ship-exchange-heading"
          heading={t('adminOrders.return.shipHeading')}
          submitLabel={t('adminOrders.return.shipSubmit')}
          lastResult={actionData?.intent === 'ship' ? actionData.result : undefined}
          busy={shipping}
          carriers={carriers}
        />
      ) : null}
      {item.status === 'received' && !owner ? <p>{t('adminOrders.return.ownerOnly')}</p> : null}
      {open && owner ? <StepButton intent="cancel" label={t('adminOrders.return.cancel')} danger /> : null}
    </article>
  );
}
