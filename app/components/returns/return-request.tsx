import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { SerializeFrom } from '@remix-run/node';
import { Form, useNavigation } from '@remix-run/react';

import type { ReturnOptions } from '@contract/api/returns';
import { RETURN_REASON_LABELS, RETURN_REASONS, returnLineLabel } from '@contract/returns';

import { returnFormSchema } from '~/forms/returns';
import { formatLongDate } from '~/lib/dates';
import { CLOSED_MESSAGES, RETURN_MESSAGES } from '~/lib/returns-messages';

import { OrderReturns } from './order-returns';

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
  return (
    <section className="return-page" aria-labelledby="return-heading">
      <h1 id="return-heading" className="page-title">
        {RETURN_MESSAGES.returnOrExchange}
      </h1>
      <p>Order {options.order_number}</p>
      <div role="status">{flash ? <p className={`notice notice--${flash.kind}`}>{flash.message}</p> : null}</div>
      <OrderReturns returns={options.returns} headingLevel={2} />
      {options.closed ? (
        <p className="notice">{CLOSED_MESSAGES[options.closed]}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className="return-form" aria-labelledby="return-form-heading">
          <h2 id="return-form-heading">Send items back</h2>
          {options.window_ends_at ? <p>{RETURN_MESSAGES.windowOpenUntil(formatLongDate(options.window_ends_at))}</p> : null}
          {form.errors?.length ? (
            <p className="notice notice--error" role="alert" id={form.errorId}>
              {form.errors[0]}
            </p>
          ) : null}
          <fieldset className="return-form__lines" aria-describedby={fields.lines.errors?.length ? fields.lines.errorId : undefined}>
            <legend>Items to return</legend>
            <p id={fields.lines.errorId} className="field__error" aria-live="polite">
              {fields.lines.errors?.[0]}
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
                    <label htmlFor={field.quantity.id}>Units to return (up to {line.returnable})</label>
                    <input
                      {...getInputProps(field.quantity, { type: 'number' })}
                      {...invalid(field.quantity)}
                      min={0}
                      max={line.returnable}
                      step={1}
                    />
                    <p id={field.quantity.errorId} className="field__error" aria-live="polite">
                      {field.quantity.errors?.[0]}
                    </p>
                  </div>
                  {line.sizes.length ? (
                    <div className="field">
                      <label htmlFor={field.exchange_variant_id.id}>Exchange for another size</label>
                      <select {...getSelectProps(field.exchange_variant_id)} {...invalid(field.exchange_variant_id)}>
                        <option value="">No exchange: refund me</option>
                        {line.sizes.map((size) => (
                          <option key={size.variant_id} value={size.variant_id} disabled={!size.in_stock}>
                            {size.size}
                            {size.in_stock ? '' : ' (sold out)'}
                          </option>
                        ))}
                      </select>
                      <p id={field.exchange_variant_id.errorId} className="field__error" aria-live="polite">
                        {field.exchange_variant_id.errors?.[0]}
                      </p>
                    </div>
                  ) : null}
                </fieldset>
              );
            })}
          </fieldset>
          <div className="field">
            <label htmlFor={fields.reason.id}>Reason</label>
            <select {...getSelectProps(fields.reason)} {...invalid(fields.reason, 'return-reason-hint')}>
              <option value="">Choose a reason</option>
              {RETURN_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {RETURN_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
            <p className="field__hint" id="return-reason-hint">
              Another size can be sent only for an item too small or too big.
            </p>
            <p id={fields.reason.errorId} className="field__error" aria-live="polite">
              {fields.reason.errors?.[0]}
            </p>
          </div>
          <div className="field">
            <label htmlFor={fields.comment.id}>Anything we should know? (optional)</label>
            <textarea {...getTextareaProps(fields.comment)} {...invalid(fields.comment)} rows={3} maxLength={500} />
            <p id={fields.comment.errorId} className="field__error" aria-live="polite">
              {fields.comment.errors?.[0]}
            </p>
          </div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Sending...' : 'Request return'}
          </button>
        </Form>
      )}
    </section>
  );
}

/** The page when the order cannot be shown: a link that is not valid, or the API out of reach. */
export function ReturnPageError({ message }: { message: string }) {
  return (
    <section className="return-page" aria-labelledby="return-heading">
      <h1 id="return-heading" className="page-title">
        {RETURN_MESSAGES.returnOrExchange}
      </h1>
      <p className="notice notice--error" role="alert">
        {message}
      </p>
    </section>
  );
}
