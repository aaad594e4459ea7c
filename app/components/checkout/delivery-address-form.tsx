import { type FieldMetadata, getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, Link, useNavigation } from '@remix-run/react';

import { deliveryAddressFormSchema } from '~/forms/delivery-address';
import { useI18n } from '~/lib/i18n';

type Field = FieldMetadata<string | null | undefined>;

/** One labelled line of the address, its error under it (read by screen readers with the field). */
function AddressLine({ field, label, autoComplete }: { field: Field; label: string; autoComplete: string }) {
  const { fm } = useI18n();
  const error = field.errors?.[0];
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        {...getInputProps(field, { type: 'text' })}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? field.errorId : undefined}
      />
      <p id={field.errorId} className="field__error" aria-live="polite">
        {error ? fm(error) : null}
      </p>
    </div>
  );
}

/**
 * Where the goods of a checkout with nothing left to pay go (ADR 062): the same labelled fields the
 * payment page has, in the page's language. A plain form post, checked in the browser too with JavaScript.
 */
export function DeliveryAddressForm({
  lastResult,
  back,
  countries,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  /** Where the checkout started: the cart, or the product page of a Quick Purchase. */
  back: { to: string; product: string | null };
  /** The countries the shop ships to, named in the page's language (by the server, so both renders agree). */
  countries: { code: string; name: string }[];
}) {
  const busy = useNavigation().state !== 'idle';
  const [form, fields] = useForm({
    id: 'delivery-address',
    lastResult,
    constraint: getZodConstraint(deliveryAddressFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deliveryAddressFormSchema }),
  });
  const { t, fm } = useI18n();
  const countryError = fields.country.errors?.[0];
  return (
    <section className="delivery-address" aria-labelledby="delivery-address-title">
      <h1 id="delivery-address-title" className="page-title">
        {t('address.title')}
      </h1>
      <p>{t('address.intro')}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="delivery-address__form" aria-labelledby="delivery-address-title">
        {form.errors?.length ? (
          <p className="notice notice--error" role="alert" id={form.errorId}>
            {fm(form.errors[0])}
          </p>
        ) : null}
        <AddressLine field={fields.name} label={t('address.fullName')} autoComplete="shipping name" />
        <AddressLine field={fields.line1} label={t('address.line1')} autoComplete="shipping address-line1" />
        <AddressLine field={fields.line2} label={t('address.line2')} autoComplete="shipping address-line2" />
        <div className="field-row">
          <AddressLine field={fields.postal_code} label={t('address.postalCode')} autoComplete="shipping postal-code" />
          <AddressLine field={fields.city} label={t('address.city')} autoComplete="shipping address-level2" />
        </div>
        <AddressLine field={fields.state} label={t('address.state')} autoComplete="shipping address-level1" />
        <div className="field">
          <label htmlFor={fields.country.id}>{t('address.country')}</label>
          <select
            {...getSelectProps(fields.country)}
            autoComplete="shipping country"
            aria-invalid={countryError ? true : undefined}
            aria-describedby={countryError ? fields.country.errorId : undefined}
          >
            <option value="">{t('address.chooseCountry')}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
          <p id={fields.country.errorId} className="field__error" aria-live="polite">
            {countryError ? fm(countryError) : null}
          </p>
        </div>
        <button type="submit" className="button delivery-address__submit" disabled={busy}>
          {t('address.placeOrder')}
        </button>
      </Form>
      <Link to={back.to} className="button button--ghost delivery-address__back">
        {back.product ? t('address.backToProduct', { product: back.product }) : t('address.backToCart')}
      </Link>
    </section>
  );
}
