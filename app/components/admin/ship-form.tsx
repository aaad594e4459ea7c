import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';

import { AdminField, FormError, invalidProps } from '~/components/admin/admin-field';
import { shipOrderSchema } from '~/forms/admin';
import { useI18n } from '~/lib/i18n';

/** Carrier (from the owner's list) and tracking number (intent "ship"): an order's parcel, or a return's exchange parcel. */
export function ShipForm({
  id,
  headingId,
  heading,
  submitLabel,
  lastResult,
  busy,
  carriers,
}: {
  id: string;
  headingId: string;
  heading: string;
  submitLabel: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  busy: boolean;
  /** The owner's carriers, by name, in their order. */
  carriers: string[];
}) {
  const { t } = useI18n();
  const schema = shipOrderSchema(carriers);
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value="ship" />
      <AdminField field={fields.carrier} label={t('adminOrders.ship.carrier')}>
        <select {...getSelectProps(fields.carrier)} {...invalidProps(fields.carrier)}>
          <option value="">{t('adminOrders.ship.chooseCarrier')}</option>
          {carriers.map((carrier) => (
            <option key={carrier} value={carrier}>
              {carrier}
            </option>
          ))}
        </select>
      </AdminField>
      <AdminField field={fields.tracking} label={t('adminOrders.ship.tracking')}>
        <input {...getInputProps(fields.tracking, { type: 'text' })} {...invalidProps(fields.tracking)} autoComplete="off" />
      </AdminField>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('adminOrders.saving') : submitLabel}
      </button>
    </Form>
  );
}
