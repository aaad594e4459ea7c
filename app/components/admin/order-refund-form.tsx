import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';

import type { OrderDetail } from '@contract/api/admin';
import { formatEuro } from '@contract/money';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { TableScroll } from '~/components/admin/table-scroll';
import { refundFormSchema } from '~/forms/admin';

type Line = OrderDetail['lines'][number];

// Units in an open return are refunded from the return's page, not here.
const left = (line: Line) => line.quantity - line.refunded_quantity - line.in_return_quantity;

/** Part of an order back (intent "refund"): units line by line, an amount on top, a reason. */
export function RefundForm({
  lines,
  idempotencyKey,
  lastResult,
  busy,
}: {
  lines: Line[];
  idempotencyKey: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  busy: boolean;
}) {
  const open = lines.filter((line) => left(line) > 0);
  const inReturns = lines.reduce((sum, line) => sum + line.in_return_quantity, 0);
  const [form, fields] = useForm({
    id: 'refund-order',
    lastResult,
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
      <input type="hidden" name="idempotency_key" value={idempotencyKey} />
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
                return field ? <RefundLine key={line.item_id} line={line} field={field} /> : null;
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

type LineFieldset = ReturnType<FieldMetadata<{ item_id: string; quantity?: number }>['getFieldset']>;

function RefundLine({ line, field }: { line: Line; field: LineFieldset }) {
  return (
    <tr>
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
}
