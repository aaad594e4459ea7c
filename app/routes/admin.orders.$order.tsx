import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { addressLines } from '@contract/address';
import { deliverAnswerSchema, orderDetailSchema, orderNoteSchema, shipAnswerSchema } from '@contract/api/admin';
import { auditListSchema } from '@contract/api/staff';
import { formatEuro } from '@contract/money';
import { trackingUrl } from '@contract/tracking';
import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { CARRIERS, orderNoteFormSchema, shipOrderSchema } from '~/forms/admin';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { ApiRequestError, failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';
import { utcMinute } from '~/lib/admin-format';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Order ${data.order.order_number}` : 'Order') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const reference = params.order ?? '';
  let order;
  try {
    order = await staff.api.request('GET', `admin/orders/${encodeURIComponent(reference)}`, orderDetailSchema);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) throw json({ detail: `No order ${reference}` }, { status: 404, headers: ADMIN_HEADERS });
    throw error;
  }
  const history = await staff.api.request('GET', 'admin/audit', auditListSchema, { query: { subject_type: 'order', subject_id: order.purchase_id, limit: 100 } });
  const { notice, headers } = await takeNotice(request);
  return json({ order, history, notice }, { headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const formData = await readFormData(request);
  const posted = formData.get('intent');
  const intent = posted === 'deliver' ? ('deliver' as const) : posted === 'note' ? ('note' as const) : ('ship' as const);
  const reference = params.order ?? '';
  let notice: string;
  if (intent === 'note') {
    const submission = parseWithZod(formData, { schema: orderNoteFormSchema });
    if (submission.status !== 'success') return json({ intent, result: submission.reply(), error: null }, { status: 400 });
    try {
      await staff.api.request('POST', 'admin/orders/notes', orderNoteSchema, { body: { order: reference, note: submission.value.note } });
      notice = 'Your note is saved.';
    } catch (error) {
      return json({ intent, result: submission.reply({ formErrors: [adminErrorText(error)] }), error: null }, { status: failureStatus(error) });
    }
  } else if (intent === 'deliver') {
    try {
      const done = await staff.api.request('POST', 'admin/orders/deliver', deliverAnswerSchema, { body: { order: reference } });
      notice = `Order ${done.order_number} is marked delivered. The buyer was emailed.`;
    } catch (error) {
      return json({ intent, result: null, error: adminErrorText(error) }, { status: failureStatus(error) });
    }
  } else {
    const submission = parseWithZod(formData, { schema: shipOrderSchema });
    if (submission.status !== 'success') return json({ intent, result: submission.reply(), error: null }, { status: 400 });
    try {
      const done = await staff.api.request('POST', 'admin/orders/ship', shipAnswerSchema, { body: { order: reference, ...submission.value } });
      notice = `Order ${done.order_number} is marked shipped with ${done.carrier}. The buyer was emailed the tracking link.`;
    } catch (error) {
      return json({ intent, result: submission.reply({ formErrors: [adminErrorText(error)] }), error: null }, { status: failureStatus(error) });
    }
  }
  return redirectWithNotice(request, new URL(request.url).pathname, notice);
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

function NoteForm() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().formData?.get('intent') === 'note';
  const [form, fields] = useForm({
    id: 'order-note',
    lastResult: actionData?.intent === 'note' ? actionData.result : undefined,
    constraint: getZodConstraint(orderNoteFormSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: orderNoteFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-label="Add a note">
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value="note" />
      <AdminField field={fields.note} label="New note" hint="Only the staff see notes; the buyer never does.">
        <textarea {...getTextareaProps(fields.note)} {...invalidProps(fields.note, { hint: true })} rows={3} />
      </AdminField>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Saving...' : 'Add note'}
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
  const { order, history, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
        <dt>Placed (UTC)</dt>
        <dd>{utcMinute(order.created_at)}</dd>
        <dt>Customer</dt>
        <dd>{order.customer_email}</dd>
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
      <dl className="admin-facts">
        <dt>Items</dt>
        <dd>{formatEuro(order.subtotal)}</dd>
        <dt>Shipping</dt>
        <dd>{formatEuro(order.shipping_cost)}</dd>
        {order.discount > 0 ? (
          <>
            <dt>Discount</dt>
            <dd>-{formatEuro(order.discount)}</dd>
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

      {status === 'processing' ? <ShipForm /> : null}
      {status === 'shipped' ? (
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="deliver" />
          <button type="submit" className="button">
            Mark delivered
          </button>
        </Form>
      ) : null}

      <h2 id="notes-heading">Notes</h2>
      {order.notes.length === 0 ? (
        <p>No notes yet.</p>
      ) : (
        <ul className="admin-notes" aria-labelledby="notes-heading">
          {order.notes.map((note) => (
            <li key={note.id}>
              <p className="admin-notes__meta">
                {note.author}, <time dateTime={note.created_at}>{utcMinute(note.created_at)}</time>
              </p>
              <p className="admin-notes__body">{note.body}</p>
            </li>
          ))}
        </ul>
      )}
      {/* A new form once a note is saved, so it starts empty with JavaScript as without. */}
      <NoteForm key={order.notes.length} />

      <h2>History</h2>
      {history.length === 0 ? (
        <p>No changes since the order was placed.</p>
      ) : (
        <ol className="admin-history">
          {history.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <time dateTime={entry.at}>{utcMinute(entry.at)}</time> {entry.actor}: {entry.action}
              {entry.after ? ` (${describe(entry.after)})` : ''}
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
