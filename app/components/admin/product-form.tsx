import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';

import { productCreateFormSchema, productEditFormSchema } from '@contract/api/products-admin';
import { SHOP_TIME_ZONE } from '@contract/shop-time';

import { useI18n } from '~/lib/i18n';

import { AdminField, FormError, invalidProps } from './admin-field';
import { textField, type TextFieldMeta, type TextFieldOptions } from './text-field';

/** What the product form starts from: the product's fields as text, the launch as a shop-zone wall time. */
export interface ProductFormValues {
  name: string;
  category: string;
  short_description: string;
  long_description: string;
  price: string;
  launch_date: string;
  purchase_limit: string;
}

/**
 * The owner's product form: a new product (with the colours and sizes its variants are made from)
 * or the fields of an existing one. Works as a plain form post; with JavaScript the same rules
 * check it before it is sent.
 */
export function ProductForm({
  mode,
  defaultValue,
  lastResult,
  preview,
}: {
  mode: 'create' | 'edit';
  defaultValue: Partial<ProductFormValues>;
  lastResult?: SubmissionResult<string[]>;
  preview?: string;
}) {
  const schema = mode === 'create' ? productCreateFormSchema : productEditFormSchema;
  const busy = useNavigation().state === 'submitting';
  const { t } = useI18n();
  const [form, fields] = useForm<Record<string, string>>({
    id: `product-${mode}`,
    lastResult,
    defaultValue: (mode === 'create' ? { stock_per_variant: '0', ...defaultValue } : defaultValue) as Record<string, string>,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
  });
  const f = fields as unknown as Record<string, TextFieldMeta>;
  const text = (name: string, label: string, options?: TextFieldOptions) => textField(f[name], label, options);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className="admin-form admin-form--product"
      aria-label={t(mode === 'create' ? 'adminCatalogue.products.new' : 'adminCatalogue.productForm.details')}
    >
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value={mode} />
      {text('name', t('adminCatalogue.common.name'), {
        hint: t('adminCatalogue.productForm.nameHint'),
        extra: { autoComplete: 'off' },
      })}
      {text('category', t('adminCatalogue.products.category'))}
      {text('short_description', t('adminCatalogue.productForm.shortDescription'))}
      <AdminField field={f.long_description} label={t('adminCatalogue.productForm.longDescription')}>
        <textarea {...getTextareaProps(f.long_description as never)} {...invalidProps(f.long_description)} rows={6} />
      </AdminField>
      {text('price', t('adminCatalogue.common.priceInEuros'), {
        hint: t('adminCatalogue.productForm.priceHint'),
        extra: { inputMode: 'decimal' },
      })}
      {text('launch_date', t('adminCatalogue.productForm.launch', { zone: SHOP_TIME_ZONE }), {
        type: 'datetime-local',
        hint: t('adminCatalogue.productForm.launchHint'),
      })}
      {text('purchase_limit', t('adminCatalogue.productForm.limit'), {
        type: 'number',
        hint: t('adminCatalogue.common.noLimit'),
        extra: { min: 1, max: 99, step: 1 },
      })}
      {mode === 'create' ? (
        <fieldset className="admin-form__group">
          <legend>{t('adminCatalogue.products.variants')}</legend>
          {text('colours', t('adminCatalogue.productForm.colours'), { hint: t('adminCatalogue.productForm.coloursHint') })}
          {text('sizes', t('adminCatalogue.productForm.sizes'), { hint: t('adminCatalogue.productForm.sizesHint') })}
          {text('material', t('adminCatalogue.common.materialOptional'))}
          {text('treatment', t('adminCatalogue.common.treatmentOptional'))}
          {text('sku_prefix', t('adminCatalogue.productForm.skuPrefix'), { hint: t('adminCatalogue.productForm.skuPrefixHint') })}
          {text('stock_per_variant', t('adminCatalogue.productForm.stockPerVariant'), { type: 'number', extra: { min: 0, step: 1 } })}
        </fieldset>
      ) : null}
      <div className="admin-form__actions">
        {/* First, so Enter in a field saves; the preview sends the form without checking it. */}
        <button type="submit" className="button" disabled={busy}>
          {t(
            busy
              ? 'adminCatalogue.common.saving'
              : mode === 'create'
                ? 'adminCatalogue.productForm.create'
                : 'adminCatalogue.common.saveChanges',
          )}
        </button>
        <button type="submit" name="preview" value="description" formNoValidate className="button button--ghost" disabled={busy}>
          {t('adminCatalogue.productForm.preview')}
        </button>
      </div>
      {preview !== undefined ? (
        <section className="admin-preview" aria-labelledby={`preview-heading-${mode}`}>
          <h3 id={`preview-heading-${mode}`}>{t('adminCatalogue.productForm.previewHeading')}</h3>
          {preview ? (
            <div className="admin-preview__text" dangerouslySetInnerHTML={{ __html: preview }} />
          ) : (
            <p>{t('adminCatalogue.productForm.nothingYet')}</p>
          )}
        </section>
      ) : null}
    </Form>
  );
}
