import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS, returnLineLabel } from '@contract/api/returns';
import { shopClock } from '@contract/shop-time';

import { AdminNotice } from '~/components/admin/admin-notice';
import { ShipForm } from '~/components/admin/ship-form';
import { TableScroll } from '~/components/admin/table-scroll';
import { shipOrderSchema } from '~/forms/admin';
import { adminErrorText } from '~/lib/admin.server';
import { getReturn, moveReturn, shipExchange } from '~/lib/admin/returns.server';
import { listCarriers } from '~/lib/admin/shipping.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Return ${data.item.number}` : 'Return') },
  { name: 'robots', content: 'noindex' },
];

/** One return in the back office (ADR 032): staff mark the parcel received; an owner refunds it, ships the exchange, or cancels it. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const number = (params.number ?? '').toUpperCase();
  const [item, carriers] = await Promise.all([getReturn(staff, number), listCarriers(staff)]);
  const { notice, headers } = await takeNotice(context);
  return json({ item, notice, owner: staff.role === 'owner', carriers: carriers.map((carrier) => carrier.name) }, { headers });
}

const INTENTS = ['receive', 'refund', 'ship', 'cancel'] as const;
type Intent = (typeof INTENTS)[number];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  const intent: Intent | undefined = INTENTS.find((known) => known === formData.get('intent'));
  const number = (params.number ?? '').toUpperCase();
  if (!intent) return json({ intent: null, result: null, error: 'Choose what to do with the return' }, { status: 400 });
  let notice: string;
  try {
    if (intent === 'ship') {
      const carriers = (await listCarriers(staff)).map((carrier) => carrier.name);
      const submission = parseWithZod(formData, { schema: shipOrderSchema(carriers) });
      if (submission.status !== 'success') return json({ intent, result: submission.reply(), error: null }, { status: 400 });
      try {
        const done = await shipExchange(staff, number, submission.value);
        notice = `The exchange of return ${done.number} is marked shipped with ${done.carrier}. The buyer was emailed the tracking link.`;
      } catch (error) {
        return json(
          { intent, result: submission.reply({ formErrors: [adminErrorText(error)] }), error: null },
          { status: failureStatus(error) },
        );
      }
    } else {
      const done = await moveReturn(staff, intent, number);
      notice =
        intent === 'receive'
          ? `Return ${done.number} is marked received. The buyer was emailed.`
          : intent === 'refund'
            ? `Return ${done.number} is refunded and its units are back on sale. The buyer was emailed.`
            : `Return ${done.number} is cancelled. The buyer was emailed.`;
    }
  } catch (error) {
    return json({ intent, result: null, error: adminErrorText(error) }, { status: failureStatus(error) });
  }
  return redirectWithNotice(context, new URL(request.url).pathname, notice);
}

function StepButton({ intent, label, danger = false }: { intent: Exclude<Intent, 'ship'>; label: string; danger?: boolean }) {
  const busy = useNavigation().formData?.get('intent') === intent;
  return (
    <Form method="post" className="admin-form">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={danger ? 'button button--danger' : 'button'} disabled={busy}>
        {busy ? 'Working...' : label}
      </button>
    </Form>
  );
}

export default function AdminReturn() {
  const { item, notice, owner, carriers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const shipping = useNavigation().formData?.get('intent') === 'ship';
  const open = item.status === 'requested' || item.status === 'received';
  return (
    <article aria-labelledby="return-heading">
      <p>
        <Link to={`/admin/orders/${item.purchase_id}`}>Order {item.order_number}</Link>
      </p>
      <h1 id="return-heading">Return {item.number}</h1>
      <AdminNotice notice={notice} />
      {actionData?.error ? (
        <p className="notice notice--error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <dl className="admin-facts">
        <dt>Status</dt>
        <dd>{RETURN_STATUS_LABELS[item.status]}</dd>
        <dt>Asked for</dt>
        <dd>{item.kind === 'exchange' ? 'An exchange for another size' : 'A refund'}</dd>
        <dt>Reason</dt>
        <dd>
          {RETURN_REASON_LABELS[item.reason]}
          {item.comment ? `: ${item.comment}` : ''}
        </dd>
        <dt>Requested (Italian time)</dt>
        <dd>{shopClock(item.created_at)}</dd>
        {item.received_at ? (
          <>
            <dt>Received (Italian time)</dt>
            <dd>{shopClock(item.received_at)}</dd>
          </>
        ) : null}
        {item.tracking_number ? (
          <>
            <dt>Exchange parcel</dt>
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
      <TableScroll label="Returned items">
        <table className="admin-table">
          <caption>Returned items</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">SKU</th>
              <th scope="col">Units</th>
              <th scope="col">Exchange for</th>
            </tr>
          </thead>
          <tbody>
            {item.lines.map((line) => (
              <tr key={line.item_id}>
                <td>{returnLineLabel(line)}</td>
                <td>{line.sku}</td>
                <td>{line.quantity}</td>
                <td>{line.exchange ? `${line.exchange.description || line.exchange.sku} (${line.exchange.sku})` : 'Refund'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>

      {item.status === 'requested' ? <StepButton intent="receive" label="Mark the parcel received and email the buyer" /> : null}
      {item.status === 'received' && owner && item.kind === 'refund' ? (
        <StepButton intent="refund" label="Refund the returned items (back on sale) and email the buyer" />
      ) : null}
      {item.status === 'received' && owner && item.kind === 'exchange' ? (
        <ShipForm
          id="ship-exchange"
          headingId="ship-exchange-heading"
          heading="Ship the exchange"
          submitLabel="Mark the exchange shipped and email the buyer"
          lastResult={actionData?.intent === 'ship' ? actionData.result : undefined}
          busy={shipping}
          carriers={carriers}
        />
      ) : null}
      {item.status === 'received' && !owner ? <p>Only an owner can refund a return or ship an exchange.</p> : null}
      {open && owner ? <StepButton intent="cancel" label="Cancel the return" danger /> : null}
    </article>
  );
}
