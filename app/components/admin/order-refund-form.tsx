import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';

import type { OrderDetail } from '@contract/api/admin';
import { formatEuro } from '@contract/money';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { TableScroll } from '~/components/admin/table-scroll';
import { refundFormSchema } from '~/forms/admin';
import { useI18n } from '~/lib/i18n';

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
  const { t } = useI18n();
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
      <h3 id="refund-heading">{t('adminOrders.refundPart.heading')}</h3>
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="idempotency_key" value={idempotencyKey} />
      {open.length ? (
        <TableScroll label={t('adminOrders.refundPart.units')}>
          <table className="admin-table">
            <caption>{t('adminOrders.refundPart.units')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminOrders.item')}</th>
                <th scope="col">{t('adminOrders.refundPart.left')}</th>
                <th scope="col">{t('adminOrders.refundPart.perUnit')}</th>
                <th scope="col">{t('adminOrders.units')}</th>
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
      {inReturns ? <p>{t('adminOrders.refundPart.inReturns')}</p> : null}
      <AdminField field={fields.amount} label={t('adminOrders.refundPart.amount')} hint={t('adminOrders.refundPart.amountHint')}>
        <input
          {...getInputProps(fields.amount, { type: 'text' })}
          {...invalidProps(fields.amount, { hint: true })}
          inputMode="decimal"
          autoComplete="off"
        />
      </AdminField>
      <div className="field field--check">
        <input {...getInputProps(fields.restock, { type: 'checkbox' })} />
        <label htmlFor={fields.restock.id}>{t('adminOrders.refundPart.restock')}</label>
      </div>
      <AdminField field={fields.reason} label={t('adminOrders.reasonOptional')}>
        <input {...getInputProps(fields.reason, { type: 'text' })} {...invalidProps(fields.reason)} autoComplete="off" />
      </AdminField>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('adminOrders.refundPart.busy') : t('adminOrders.refundPart.submit')}
      </button>
    </Form>
  );
}

type LineFieldset = ReturnType<FieldMetadata<{ item_id: string; quantity?: number }>['getFieldset']>;

function RefundLine({ line, field }: { line: Line; field: LineFieldset }) {
  const { locale, t, fm } = useI18n();
  return (
    <tr>
      <th scope="row">
        {line.name}
        {line.variant ? ` (${line.variant})` : ''} <span className="admin-muted">{line.sku}</span>
      </th>
      <td>
        {left(line)}
        {line.in_return_quantity ? (
          <span className="admin-muted"> {t('adminOrders.refundPart.inReturn', { count: line.in_return_quantity })}</span>
        ) : null}
      </td>
      <td>{formatEuro(line.unit_refund, locale)}</td>
      <td>
        <input type="hidden" name={field.item_id.name} value={line.item_id} />
        <label htmlFor={field.quantity.id} className="visually-hidden">
          {t('adminOrders.refundPart.lineUnits', { name: line.name, variant: line.variant ?? '' })}
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
            {fm(field.quantity.errors[0])}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
