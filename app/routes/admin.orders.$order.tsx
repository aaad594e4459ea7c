import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';

import { addressLines } from '@contract/address';
import { deliverAnswerSchema, orderDetailSchema, orderNoteSchema, shipAnswerSchema } from '@contract/api/admin';
import { refundAnswerSchema } from '@contract/api/refunds';
import { returnListSchema } from '@contract/api/returns';
import { auditListSchema } from '@contract/api/staff';
import { customerLabel } from '@contract/erased';
import { formatEuro } from '@contract/money';
import { shopClock } from '@contract/shop-time';
import { trackingUrl } from '@contract/tracking';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { AdminOrderReturns } from '~/components/admin/order-returns';
import { StaffNotes } from '~/components/admin/staff-notes';
import { TableScroll } from '~/components/admin/table-scroll';
import {
  cancelOrderFormSchema,
  CARRIERS,
  orderNoteFormSchema,
  refundAllFormSchema,
  refundFormSchema,
  shipOrderSchema,
} from '~/forms/admin';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { ADMIN_MESSAGES } from '~/lib/admin-messages';
import { ApiRequestError, failureStatus, hasErrorCode } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Order ${data.order.order_number}` : 'Order') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const reference = params.order ?? '';
  let order;
  try {
    order = await staff.api.request('GET', `admin/orders/${encodeURIComponent(reference)}`, orderDetailSchema);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404)
      throw json({ detail: `No order ${reference}` }, { status: 404, headers: ADMIN_HEADERS });
    throw error;
  }
  const [history, returns] = await Promise.all([
    staff.api.request('GET', 'admin/audit', auditListSchema, {
      query: { subject_type: 'order', subject_id: order.purchase_id, limit: 100 },
    }),
    staff.api.request('GET', 'admin/returns', returnListSchema, { query: { order: order.purchase_id } }),
  ]);
  const { notice, headers } = await takeNotice(context);
  // One key per money form and per page view: a double post of the same form refunds once (ADR 023).
  const keys = { refund: crypto.randomUUID(), 'refund-all': crypto.randomUUID(), cancel: crypto.randomUUID() };
  return json({ order, history, returns, notice, keys, owner: staff.role === 'owner' }, { headers });
}

const INTENTS = ['ship', 'deliver', 'note', 'refund', 'refund-all', 'cancel'] as const;
type Intent = (typeof INTENTS)[number];
type MoneyIntent = 'refund' | 'refund-all' | 'cancel';

/** After "the provider did not answer" the form keeps its key, so posting it again finishes that same refund. */
const retryKeyOf = (error: unknown, key: string) => (hasErrorCode(error, 'upstream_unavailable') ? key : null);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const formData = await readFormData(request);
  const posted = formData.get('intent');
  const intent: Intent = INTENTS.find((known) => known === posted) ?? 'ship';
  const reference = params.order ?? '';
  const refused = (result: SubmissionResult<string[]>, error: unknown, retryKey: string | null = null) =>
    json({ intent, result, error: null, retryKey }, { status: failureStatus(error) });
  let notice: string;
  if (intent === 'note') {
    const submission = parseWithZod(formData, { schema: orderNoteFormSchema });
    if (submission.status !== 'success') return json({ intent, result: submission.reply(), error: null, retryKey: null }, { status: 400 });
    try {
      await staff.api.request('POST', 'admin/orders/notes', orderNoteSchema, { body: { order: reference, note: submission.value.note } });
      notice = 'Your note is saved.';
    } catch (error) {
      return refused(submission.reply({ formErrors: [adminErrorText(error)] }), error);
    }
  } else if (intent === 'deliver') {
    try {
      const done = await staff.api.request('POST', 'admin/orders/deliver', deliverAnswerSchema, { body: { order: reference } });
      notice = `Order ${done.order_number} is marked delivered. The buyer was emailed.`;
    } catch (error) {
      return json({ intent, result: null, error: adminErrorText(error), retryKey: null }, { status: failureStatus(error) });
    }
  } else if (intent === 'refund') {
    const submission = parseWithZod(formData, { schema: refundFormSchema });
    if (submission.status !== 'success') return json({ intent, result: submission.reply(), error: null, retryKey: null }, { status: 400 });
    const { idempotency_key, lines, amount, restock, reason } = submission.value;
    try {
      const done = await staff.api.request('POST', 'admin/orders/refund', refundAnswerSchema, {
        body: {
          order: reference,
          idempotency_key,
          lines: lines.filter((line) => line.quantity > 0),
          amount: amount ?? 0,
          restock,
          reason: reason ?? '',
        },
      });
      notice = done.replayed
        ? ADMIN_MESSAGES.refundReplayed(formatEuro(done.refund.amount), done.order_number)
        : ADMIN_MESSAGES.refunded(formatEuro(done.refund.amount), done.order_number, done.refund.restock && done.refund.lines.length > 0);
    } catch (error) {
      return refused(submission.reply({ formErrors: [adminErrorText(error)] }), error, retryKeyOf(error, idempotency_key));
    }
  } else if (intent === 'refund-all') {
    const submission = parseWithZod(formData, { schema: refundAllFormSchema });
    if (submission.status !== 'success') return json({ intent, result: submission.reply(), error: null, retryKey: null }, { status: 400 });
    const { idempotency_key, restock } = submission.value;
    try {
      const done = await staff.api.request('POST', 'admin/orders/refund', refundAnswerSchema, {
        body: { order: reference, idempotency_key, full: true, restock },
      });
      notice = done.replayed
        ? ADMIN_MESSAGES.refundReplayed(formatEuro(done.refund.amount), done.order_number)
        : ADMIN_MESSAGES.refunded(formatEuro(done.refund.amount), done.order_number, restock && done.refund.lines.length > 0);
    } catch (error) {
      return refused(submission.reply({ formErrors: [adminErrorText(error)] }), error, retryKeyOf(error, idempotency_key));
    }
  } else if (intent === 'cancel') {
    const submission = parseWithZod(formData, { schema: cancelOrderFormSchema });
    if (submission.status !== 'success') return json({ intent, result: submission.reply(), error: null, retryKey: null }, { status: 400 });
    const { idempotency_key, reason } = submission.value;
    try {
      const done = await staff.api.request('POST', 'admin/orders/cancel', refundAnswerSchema, {
        body: { order: reference, idempotency_key, reason: reason ?? '' },
      });
      notice = ADMIN_MESSAGES.cancelled(done.order_number, formatEuro(done.refund.amount));
    } catch (error) {
      return refused(submission.reply({ formErrors: [adminErrorText(error)] }), error, retryKeyOf(error, idempotency_key));
    }
  } else {
    const submission = parseWithZod(formData, { schema: shipOrderSchema });
    if (submission.status !== 'success') return json({ intent, result: submission.reply(), error: null, retryKey: null }, { status: 400 });
    try {
      const done = await staff.api.request('POST', 'admin/orders/ship', shipAnswerSchema, {
        body: { order: reference, ...submission.value },
      });
      notice = `Order ${done.order_number} is marked shipped with ${done.carrier}. The buyer was emailed the tracking link.`;
    } catch (error) {
      return refused(submission.reply({ formErrors: [adminErrorText(error)] }), error);
    }
  }
  return redirectWithNotice(context, new URL(request.url).pathname, notice);
}

/** The key a money form posts: the one kept after "no answer", or this page view's own. */
function useMoneyKey(intent: MoneyIntent): string {
  const { keys } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (actionData?.intent === intent ? actionData.retryKey : null) ?? keys[intent];
}

function RefundForm() {
  const { order } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().formData?.get('intent') === 'refund';
  const key = useMoneyKey('refund');
  // Units in an open return are refunded from the return's page, not here.
  const left = (line: (typeof order.lines)[number]) => line.quantity - line.refunded_quantity - line.in_return_quantity;
  const open = order.lines.filter((line) => left(line) > 0);
  const inReturns = order.lines.reduce((sum, line) => sum + line.in_return_quantity, 0);
  const [form, fields] = useForm({
    id: 'refund-order',
    lastResult: actionData?.intent === 'refund' ? actionData.result : undefined,
    constraint: getZodConstraint(refundFormSchema),
    defaultValue: { lines: open.map((line) => ({ item_id: line.item_id, quantity: '0' })) },
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: refundFormSchema }),
  });
  const lineFields = fields.lines.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-labelledby="refund-heading">
      <h3 id="refund-heading">Refund part of it</h3>
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="idempotency_key" value={key} />
      {open.length ? (
        <TableScroll label="Units to refund">
          <table className="admin-table">
            <caption>Units to refund</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Left to refund</th>
                <th scope="col">Back per unit</th>
                <th scope="col">Units</th>
              </tr>
            </thead>
            <tbody>
              {open.map((line, index) => {
                const field = lineFields[index]?.getFieldset();
                if (!field) return null;
                return (
                  <tr key={line.item_id}>
                    <th scope="row">
                      {line.name}
                      {line.variant ? ` (${line.variant})` : ''} <span className="admin-muted">{line.sku}</span>
                    </th>
                    <td>
                      {left(line)}
                      {line.in_return_quantity ? <span className="admin-muted"> (and {line.in_return_quantity} in a return)</span> : null}
                    </td>
                    <td>{formatEuro(line.unit_refund)}</td>
                    <td>
                      <input type="hidden" name={field.item_id.name} value={line.item_id} />
                      <label htmlFor={field.quantity.id} className="visually-hidden">
                        Units of {line.name} {line.variant} to refund
                      </label>
                      <input
                        {...getInputProps(field.quantity, { type: 'number' })}
                        {...invalidProps(field.quantity)}
                        min={0}
                        max={left(line)}
                        step={1}
                        className="admin-quantity"
                      />
                      {field.quantity.errors?.length ? (
                        <p id={field.quantity.errorId} className="field__error">
                          {field.quantity.errors[0]}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {inReturns ? <p>Units in an open return are refunded from the return, once it is received.</p> : null}
      <AdminField
        field={fields.amount}
        label="Amount on top, in euros (optional)"
        hint="Shipping, or a gesture: refunded on top of the units."
      >
        <input
          {...getInputProps(fields.amount, { type: 'text' })}
          {...invalidProps(fields.amount, { hint: true })}
          inputMode="decimal"
          autoComplete="off"
        />
      </AdminField>
      <div className="field field--check">
        <input {...getInputProps(fields.restock, { type: 'checkbox' })} />
        <label htmlFor={fields.restock.id}>Put the refunded units back on sale</label>
      </div>
      <AdminField field={fields.reason} label="Reason (optional, kept in the history)">
        <input {...getInputProps(fields.reason, { type: 'text' })} {...invalidProps(fields.reason)} autoComplete="off" />
      </AdminField>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Refunding...' : 'Refund and email the buyer'}
      </button>
    </Form>
  );
}

/** A money form that needs a tick to go: refund all that is left, or cancel. */
function ConfirmedForm({
  intent,
  heading,
  confirmLabel,
  submitLabel,
  children,
}: {
  intent: 'refund-all' | 'cancel';
  heading: string;
  confirmLabel: string;
  submitLabel: string;
  children?: (fields: ReturnType<typeof useConfirmedForm>[1]) => ReactNode;
}) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().formData?.get('intent') === intent;
  const key = useMoneyKey(intent);
  const [form, fields] = useConfirmedForm(intent, actionData?.intent === intent ? actionData.result : undefined);
  const headingId = `${intent}-heading`;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="idempotency_key" value={key} />
      {children?.(fields)}
      <div className="field field--check">
        <input {...getInputProps(fields.confirm, { type: 'checkbox' })} {...invalidProps(fields.confirm)} />
        <label htmlFor={fields.confirm.id}>{confirmLabel}</label>
        <p id={fields.confirm.errorId} className="field__error" aria-live="polite">
          {fields.confirm.errors?.[0]}
        </p>
      </div>
      <button type="submit" className="button button--danger" disabled={busy}>
        {busy ? 'Working...' : submitLabel}
      </button>
    </Form>
  );
}

const confirmedSchemas = { 'refund-all': refundAllFormSchema, cancel: cancelOrderFormSchema } as const;

function useConfirmedForm(intent: 'refund-all' | 'cancel', lastResult: SubmissionResult<string[]> | null | undefined) {
  const schema = confirmedSchemas[intent];
  return useForm<{ idempotency_key: string; confirm: boolean; restock?: boolean; reason?: string }>({
    id: `${intent}-order`,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

function Payment() {
  const { order, owner } = useLoaderData<typeof loader>();
  const { payment } = order;
  const status = order.status.toLowerCase();
  return (
    <section aria-labelledby="payment-heading">
      <h2 id="payment-heading">Payment</h2>
      <dl className="admin-facts">
        <dt>Provider</dt>
        <dd>{payment.provider === 'stripe' ? 'Stripe' : payment.provider === 'test' ? 'Test payment page' : 'None recorded'}</dd>
        {payment.provider_session_id ? (
          <>
            <dt>Session</dt>
            <dd className="admin-code">{payment.provider_session_id}</dd>
          </>
        ) : null}
        <dt>Captured</dt>
        <dd>{formatEuro(payment.captured)}</dd>
        <dt>Refunded</dt>
        <dd>{formatEuro(payment.refunded)}</dd>
      </dl>
      {order.refunds.length ? (
        <TableScroll label="Refunds">
          <table className="admin-table">
            <caption>Refunds</caption>
            <thead>
              <tr>
                <th scope="col">When (Italian time)</th>
                <th scope="col">What</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {order.refunds.map((refund) => (
                <tr key={refund.id}>
                  <td>{shopClock(refund.created_at)}</td>
                  <td>
                    {refund.kind === 'cancellation' ? 'Cancellation' : 'Refund'}
                    {refund.lines.length ? `: ${refund.lines.map((line) => `${line.quantity} × ${line.sku}`).join(', ')}` : ''}
                    {refund.restock ? ', back on sale' : ''}
                    {refund.reason ? ` (${refund.reason})` : ''}
                  </td>
                  <td>{formatEuro(refund.amount)}</td>
                  <td>
                    {refund.status === 'failed'
                      ? `Failed: ${refund.failure ?? ''}`
                      : refund.status === 'pending'
                        ? 'Waiting for the provider'
                        : 'Refunded'}
                  </td>
                  <td>{refund.actor}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {!owner ? (
        payment.refundable > 0 ? (
          <p>Only an owner can cancel or refund an order.</p>
        ) : null
      ) : !payment.can_refund ? (
        payment.refundable > 0 ? (
          <p>This order was not paid through the provider this shop is connected to now, so it cannot be refunded from here.</p>
        ) : null
      ) : payment.refundable > 0 ? (
        <>
          <p>Up to {formatEuro(payment.refundable)} can still be refunded.</p>
          {status === 'processing' ? (
            <ConfirmedForm
              intent="cancel"
              heading="Cancel the order"
              confirmLabel={`Yes, cancel it and refund ${formatEuro(payment.refundable)}`}
              submitLabel="Cancel order and email the buyer"
            >
              {(fields) => (
                <AdminField field={fields.reason} label="Reason (optional, kept in the history)">
                  <input {...getInputProps(fields.reason, { type: 'text' })} {...invalidProps(fields.reason)} autoComplete="off" />
                </AdminField>
              )}
            </ConfirmedForm>
          ) : null}
          <RefundForm key={`refund-${order.refunds.length}`} />
          <ConfirmedForm
            key={`all-${order.refunds.length}`}
            intent="refund-all"
            heading="Refund everything left"
            confirmLabel={`Yes, refund ${formatEuro(payment.refundable)}`}
            submitLabel="Refund in full and email the buyer"
          >
            {(fields) => (
              <div className="field field--check">
                <input {...getInputProps(fields.restock, { type: 'checkbox' })} />
                <label htmlFor={fields.restock.id}>Put the units back on sale</label>
              </div>
            )}
          </ConfirmedForm>
        </>
      ) : null}
    </section>
  );
}

function ShipForm() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().formData?.get('intent') === 'ship';
  const [form, fields] = useForm({
    id: 'ship-order',
    lastResult: actionData?.intent === 'ship' ? actionData.result : undefined,
    constraint: getZodConstraint(shipOrderSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: shipOrderSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-labelledby="ship-heading">
      <h2 id="ship-heading">Ship it</h2>
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value="ship" />
      <AdminField field={fields.carrier} label="Carrier">
        <select {...getSelectProps(fields.carrier)} {...invalidProps(fields.carrier)}>
          <option value="">Choose the carrier</option>
          {CARRIERS.map((carrier) => (
            <option key={carrier} value={carrier}>
              {carrier}
            </option>
          ))}
        </select>
      </AdminField>
      <AdminField field={fields.tracking} label="Tracking number">
        <input {...getInputProps(fields.tracking, { type: 'text' })} {...invalidProps(fields.tracking)} autoComplete="off" />
      </AdminField>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Saving...' : 'Mark shipped and email the buyer'}
      </button>
    </Form>
  );
}

function describe(values: Record<string, unknown> | null): string {
  if (!values) return '';
  return Object.entries(values)
    .map(([key, value]) => `${key.replace(/_/g, ' ')} ${String(value)}`)
    .join(', ');
}

export default function AdminOrder() {
  const { order, history, returns, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const noting = useNavigation().formData?.get('intent') === 'note';
  const status = order.status.toLowerCase();
  const link = trackingUrl(order.carrier, order.tracking_number);
  const address = addressLines(order.shipping_address);
  return (
    <article aria-labelledby="order-heading">
      <p>
        <Link to="/admin/orders">All orders</Link>
      </p>
      <h1 id="order-heading">Order {order.order_number}</h1>
      <div role="status">{notice ? <p className="notice notice--success">{notice}</p> : null}</div>
      {actionData?.error ? (
        <p className="notice notice--error" role="alert">
          {actionData.error}
        </p>
      ) : null}
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

      {/* The usual next step first: shipping (or delivery), then money going back. */}
      {status === 'processing' ? <ShipForm /> : null}
      {status === 'shipped' ? (
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="deliver" />
          <button type="submit" className="button">
            Mark delivered
          </button>
        </Form>
      ) : null}

      <Payment />

      <AdminOrderReturns returns={returns} />

      <StaffNotes notes={order.notes} lastResult={actionData?.intent === 'note' ? actionData.result : undefined} busy={noting} />

      <h2>History</h2>
      {/* Newest first: changes, refunds and the emails the buyer was sent, back to the payment. */}
      <ol className="admin-history">
        {history.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <time dateTime={entry.at}>{shopClock(entry.at)}</time> {entry.actor}: {entry.action}
            {entry.after ? ` (${describe(entry.after)})` : ''}
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
