import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { SerializeFrom } from '@remix-run/node';
import { Form, isRouteErrorResponse, useNavigation, useRouteError } from '@remix-run/react';

import type { ReturnOptions } from '@contract/api/returns';
import { RETURN_REASONS, returnLineLabel } from '@contract/returns';

import { returnFormSchema } from '~/forms/returns';
import { formatLongDate } from '~/lib/dates';
import { useI18n } from '~/lib/i18n';
import { CLOSED_KEYS, RETURN_WINDOW } from '~/lib/returns-messages';

import { OrderReturns, REASON_KEYS } from './order-returns';

type Options = SerializeFrom<ReturnOptions>;

const invalid = (field: { errorId: string; errors?: string[] }, hint?: string) => {
  const describedBy = [hint, field.errors?.length ? field.errorId : null].filter(Boolean).join(' ');
  return { 'aria-invalid': field.errors?.length ? true : undefined, 'aria-describedby': describedBy || undefined };
};

/**
 * The return page of one order (ADR 032): the returns made so far, and while the window is open the
 * form: units per line, another size for a size problem, a reason. A plain form post; works without JavaScript.
 */
export function ReturnRequest({
  options,
  flash,
  lastResult,
}: {
  options: Options;
  flash: { kind: 'success' | 'error'; message: string } | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const busy = useNavigation().state === 'submitting';
  const { t } = useI18n();
  return (
    <section className="return-page" aria-labelledby="return-heading">
      <h1 id="return-heading" className="page-title">
        {t('returns.title')}
      </h1>
      <p>{t('returns.order', { number: options.order_number })}</p>
      <div role="status">{flash ? <p className={`notice notice--${flash.kind}`}>{flash.message}</p> : null}</div>
      <OrderReturns returns={options.returns} headingLevel={2} />
      {options.closed ? <p className="notice">{t(CLOSED_KEYS[options.closed], RETURN_WINDOW)}</p> : <WithdrawWholeOrder busy={busy} />}
      {options.closed ? null : <ReturnForm options={options} busy={busy} lastResult={lastResult} />}
    </section>
  );
}

/** The return form: units per line, another size for a size problem, a reason, and where the refund goes. */
function ReturnForm({ options, busy, lastResult }: { options: Options; busy: boolean; lastResult?: SubmissionResult<string[]> | null }) {
  const open = options.lines.filter((line) => line.returnable > 0);
  const [form, fields] = useForm({
    id: 'return-request',
    lastResult,
    constraint: getZodConstraint(returnFormSchema),
    defaultValue: { lines: open.map((line) => ({ item_id: line.item_id, quantity: '0', exchange_variant_id: '' })) },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: returnFormSchema }),
  });
  const lineFields = fields.lines.getFieldList();
  const { locale, t, fm } = useI18n();
  const error = (errors: string[] | undefined) => (errors?.[0] ? fm(errors[0]) : undefined);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="return-form" aria-labelledby="return-form-heading">
      <h2 id="return-form-heading">{t('returns.sendBack')}</h2>
      {options.window_ends_at ? <p>{t('returns.windowOpenUntil', { day: formatLongDate(options.window_ends_at, locale) })}</p> : null}
      {form.errors?.length ? (
        <p className="notice notice--error" role="alert" id={form.errorId}>
          {error(form.errors)}
        </p>
      ) : null}
      <fieldset className="return-form__lines" aria-describedby={fields.lines.errors?.length ? fields.lines.errorId : undefined}>
        <legend>{t('returns.itemsToReturn')}</legend>
        <p id={fields.lines.errorId} className="field__error" aria-live="polite">
          {error(fields.lines.errors)}
        </p>
        {open.map((line, index) => {
          const field = lineFields[index]?.getFieldset();
          if (!field) return null;
          const label = returnLineLabel(line);
          return (
            <fieldset key={line.item_id} className="return-line">
              <legend>{label}</legend>
              <input type="hidden" name={field.item_id.name} value={line.item_id} />
              <div className="field">
                <label htmlFor={field.quantity.id}>{t('returns.units', { count: line.returnable })}</label>
                <input
                  {...getInputProps(field.quantity, { type: 'number' })}
                  {...invalid(field.quantity)}
                  min={0}
                  max={line.returnable}
                  step={1}
                />
                <p id={field.quantity.errorId} className="field__error" aria-live="polite">
                  {error(field.quantity.errors)}
                </p>
              </div>
              {line.sizes.length ? (
                <div className="field">
                  <label htmlFor={field.exchange_variant_id.id}>{t('returns.exchangeFor')}</label>
                  <select {...getSelectProps(field.exchange_variant_id)} {...invalid(field.exchange_variant_id)}>
                    <option value="">{t('returns.noExchange')}</option>
                    {line.sizes.map((size) => (
                      <option key={size.variant_id} value={size.variant_id} disabled={!size.in_stock}>
                        {size.in_stock ? size.size : t('returns.soldOut', { size: size.size })}
                      </option>
                    ))}
                  </select>
                  <p id={field.exchange_variant_id.errorId} className="field__error" aria-live="polite">
                    {error(field.exchange_variant_id.errors)}
                  </p>
                </div>
              ) : null}
            </fieldset>
          );
        })}
      </fieldset>
      <div className="field">
        <label htmlFor={fields.reason.id}>{t('returns.reason')}</label>
        <select {...getSelectProps(fields.reason)} {...invalid(fields.reason, 'return-reason-hint')}>
          <option value="">{t('returns.chooseReason')}</option>
          {RETURN_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(REASON_KEYS[reason])}
            </option>
          ))}
        </select>
        <p className="field__hint" id="return-reason-hint">
          {t('returns.reasonHint')}
        </p>
        <p id={fields.reason.errorId} className="field__error" aria-live="polite">
          {error(fields.reason.errors)}
        </p>
      </div>
      <div className="field">
        <label htmlFor={fields.comment.id}>{t('returns.comment')}</label>
        <textarea {...getTextareaProps(fields.comment)} {...invalid(fields.comment)} rows={3} maxLength={500} />
        <p id={fields.comment.errorId} className="field__error" aria-live="polite">
          {error(fields.comment.errors)}
        </p>
      </div>
      {options.guest ? null : <RefundTo bonusPercent={options.store_credit_bonus_percent} />}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('returns.sending') : t('returns.request')}
      </button>
    </Form>
  );
}

/** Where a registered shopper's refund goes: back to the payment, or to store credit (with the owner's bonus). */
function RefundTo({ bonusPercent }: { bonusPercent: number }) {
  const { t } = useI18n();
  return (
    <fieldset className="field">
      <legend>{t('returns.refundTo')}</legend>
      <label>
        <input type="radio" name="refund_to" value="payment" defaultChecked /> {t('returns.refundToPayment')}
      </label>
      <label>
        <input type="radio" name="refund_to" value="store_credit" />{' '}
        {bonusPercent > 0 ? t('returns.refundToCreditBonus', { percent: bonusPercent }) : t('returns.refundToCredit')}
      </label>
    </fieldset>
  );
}

/**
 * The right of withdrawal in one step (EU directive 2011/83): every item still with the buyer, for a
 * refund. Its own plain form, beside the one that chooses lines.
 */
function WithdrawWholeOrder({ busy }: { busy: boolean }) {
  const { t } = useI18n();
  return (
    <Form method="post" className="return-withdraw" id="withdraw" aria-labelledby="withdraw-heading">
      <h2 id="withdraw-heading">{t('returns.withdrawHeading')}</h2>
      <p>{t('returns.withdrawText', RETURN_WINDOW)}</p>
      <input type="hidden" name="intent" value="withdraw" />
      <button type="submit" className="button button--ghost" disabled={busy}>
        {t('returns.withdrawButton')}
      </button>
    </Form>
  );
}

/** Both return pages' error boundary (a buyer's and a guest's link): what the loader said, or why it failed. */
export function ReturnPageErrorBoundary() {
  const error = useRouteError();
  const { t } = useI18n();
  return (
    <ReturnPageError
      message={
        isRouteErrorResponse(error)
          ? ((error.data as { message?: string } | null)?.message ?? t('product.httpError', { status: error.status }))
          : t('error.somethingWentWrong')
      }
    />
  );
}

/** The page when the order cannot be shown: a link that is not valid, or the API out of reach. */
export function ReturnPageError({ message }: { message: string }) {
  const { t } = useI18n();
  return (
    <section className="return-page" aria-labelledby="return-heading">
      <h1 id="return-heading" className="page-title">
        {t('title.returns')}
      </h1>
      <p className="notice notice--error" role="alert">
        {message}
      </p>
    </section>
  );
}
