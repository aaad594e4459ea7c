import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';

import type { OrderDetail } from '@contract/api/admin';
import { formatEuro } from '@contract/money';
import { shopClock } from '@contract/shop-time';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { RefundForm } from '~/components/admin/order-refund-form';
import { TableScroll } from '~/components/admin/table-scroll';
import { cancelOrderFormSchema, refundAllFormSchema } from '~/forms/admin';
import { useI18n } from '~/lib/i18n';

export type MoneyIntent = 'refund' | 'refund-all' | 'cancel';

/** What the money forms need from the page: the key each posts, the last answer, the form being sent. */
export interface MoneyForms {
  keys: Record<MoneyIntent, string>;
  lastIntent: string | null | undefined;
  lastResult: SubmissionResult<string[]> | null | undefined;
  busyIntent: string | null | undefined;
}

const resultOf = (forms: MoneyForms, intent: MoneyIntent) => (forms.lastIntent === intent ? forms.lastResult : undefined);

/** The order's money: what was captured and refunded, then (for an owner) cancel and refund forms. */
export function OrderPayment({ order, owner, forms }: { order: OrderDetail; owner: boolean; forms: MoneyForms }) {
  const { payment } = order;
  const { locale, t } = useI18n();
  const provider =
    payment.provider === 'stripe' ? 'Stripe' : payment.provider === 'test' ? t('adminOrders.payment.test') : t('adminOrders.payment.none');
  return (
    <section aria-labelledby="payment-heading">
      <h2 id="payment-heading">{t('adminOrders.facts.payment')}</h2>
      <dl className="admin-facts">
        <dt>{t('adminOrders.payment.provider')}</dt>
        <dd>{provider}</dd>
        {payment.provider_session_id ? (
          <>
            <dt>{t('adminOrders.payment.session')}</dt>
            <dd className="admin-code">{payment.provider_session_id}</dd>
          </>
        ) : null}
        <dt>{t('adminOrders.payment.captured')}</dt>
        <dd>{formatEuro(payment.captured, locale)}</dd>
        <dt>{t('adminOrders.payment.refunded')}</dt>
        <dd>{formatEuro(payment.refunded, locale)}</dd>
      </dl>
      {order.refunds.length ? <RefundsTable refunds={order.refunds} /> : null}
      {!owner ? (
        payment.refundable > 0 ? (
          <p>{t('adminOrders.payment.ownerOnly')}</p>
        ) : null
      ) : !payment.can_refund ? (
        payment.refundable > 0 ? (
          <p>{t('adminOrders.payment.otherProvider')}</p>
        ) : null
      ) : payment.refundable > 0 ? (
        <MoneyFormsFor order={order} forms={forms} />
      ) : null}
    </section>
  );
}

function MoneyFormsFor({ order, forms }: { order: OrderDetail; forms: MoneyForms }) {
  const { refundable } = order.payment;
  const { locale, t } = useI18n();
  const amount = formatEuro(refundable, locale);
  return (
    <>
      <p>{t('adminOrders.payment.refundable', { amount })}</p>
      {order.status.toLowerCase() === 'processing' ? (
        <ConfirmedForm
          intent="cancel"
          forms={forms}
          heading={t('adminOrders.cancel.heading')}
          confirmLabel={t('adminOrders.cancel.confirm', { amount })}
          submitLabel={t('adminOrders.cancel.submit')}
        >
          {(fields) => (
            <AdminField field={fields.reason} label={t('adminOrders.reasonOptional')}>
              <input {...getInputProps(fields.reason, { type: 'text' })} {...invalidProps(fields.reason)} autoComplete="off" />
            </AdminField>
          )}
        </ConfirmedForm>
      ) : null}
      <RefundForm
        key={`refund-${order.refunds.length}`}
        lines={order.lines}
        idempotencyKey={forms.keys.refund}
        lastResult={resultOf(forms, 'refund')}
        busy={forms.busyIntent === 'refund'}
      />
      <ConfirmedForm
        key={`all-${order.refunds.length}`}
        intent="refund-all"
        forms={forms}
        heading={t('adminOrders.refundAll.heading')}
        confirmLabel={t('adminOrders.refundAll.confirm', { amount })}
        submitLabel={t('adminOrders.refundAll.submit')}
      >
        {(fields) => (
          <div className="field field--check">
            <input {...getInputProps(fields.restock, { type: 'checkbox' })} />
            <label htmlFor={fields.restock.id}>{t('adminOrders.refundAll.restock')}</label>
          </div>
        )}
      </ConfirmedForm>
    </>
  );
}

function RefundsTable({ refunds }: { refunds: OrderDetail['refunds'] }) {
  const { locale, t } = useI18n();
  return (
    <TableScroll label={t('adminOrders.refunds')}>
      <table className="admin-table">
        <caption>{t('adminOrders.refunds')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adminOrders.refunds.when')}</th>
            <th scope="col">{t('adminOrders.refunds.what')}</th>
            <th scope="col">{t('adminOrders.refunds.amount')}</th>
            <th scope="col">{t('adminOrders.status')}</th>
            <th scope="col">{t('adminOrders.refunds.by')}</th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((refund) => (
            <tr key={refund.id}>
              <td>{shopClock(refund.created_at)}</td>
              <td>
                {refund.kind === 'cancellation' ? t('adminOrders.refunds.cancellation') : t('adminOrders.refund')}
                {refund.lines.length ? `: ${refund.lines.map((line) => `${line.quantity} × ${line.sku}`).join(', ')}` : ''}
                {refund.restock ? t('adminOrders.refunds.backOnSale') : ''}
                {refund.reason ? ` (${refund.reason})` : ''}
              </td>
              <td>{formatEuro(refund.amount, locale)}</td>
              <td>
                {refund.status === 'failed'
                  ? t('adminOrders.refunds.failed', { failure: refund.failure ?? '' })
                  : refund.status === 'pending'
                    ? t('adminOrders.refunds.pending')
                    : t('adminOrders.payment.refunded')}
              </td>
              <td>{refund.actor}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
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

/** A money form that needs a tick to go: refund all that is left, or cancel. */
function ConfirmedForm({
  intent,
  forms,
  heading,
  confirmLabel,
  submitLabel,
  children,
}: {
  intent: 'refund-all' | 'cancel';
  forms: MoneyForms;
  heading: string;
  confirmLabel: string;
  submitLabel: string;
  children?: (fields: ReturnType<typeof useConfirmedForm>[1]) => ReactNode;
}) {
  const busy = forms.busyIntent === intent;
  const { t, fm } = useI18n();
  const [form, fields] = useConfirmedForm(intent, resultOf(forms, intent));
  const headingId = `${intent}-heading`;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="idempotency_key" value={forms.keys[intent]} />
      {children?.(fields)}
      <div className="field field--check">
        <input {...getInputProps(fields.confirm, { type: 'checkbox' })} {...invalidProps(fields.confirm)} />
        <label htmlFor={fields.confirm.id}>{confirmLabel}</label>
        <p id={fields.confirm.errorId} className="field__error" aria-live="polite">
          {fields.confirm.errors?.[0] ? fm(fields.confirm.errors[0]) : null}
        </p>
      </div>
      <button type="submit" className="button button--danger" disabled={busy}>
        {busy ? t('adminOrders.working') : submitLabel}
      </button>
    </Form>
  );
}
