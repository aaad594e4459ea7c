import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';

import { productCreateFormSchema, productEditFormSchema } from '@contract/api/products-admin';
import { SHOP_TIME_ZONE } from '@contract/shop-time';

import { AdminField, FormError, invalidProps } from './admin-field';

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
  const [form, fields] = useForm<Record<string, string>>({
    id: `product-${mode}`,
    lastResult,
    defaultValue: (mode === 'create' ? { stock_per_variant: '0', ...defaultValue } : defaultValue) as Record<string, string>,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
  });
  const f = fields as unknown as Record<string, Parameters<typeof getInputProps>[0]>;
  const text = (
    name: string,
    label: string,
    options: { hint?: string; type?: 'text' | 'number' | 'datetime-local'; extra?: Record<string, unknown> } = {},
  ) => (
    <AdminField field={f[name]} label={label} hint={options.hint}>
      <input
        {...getInputProps(f[name], { type: options.type ?? 'text' })}
        {...invalidProps(f[name], { hint: Boolean(options.hint) })}
        {...options.extra}
      />
    </AdminField>
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className="admin-form admin-form--product"
      aria-label={mode === 'create' ? 'New product' : 'Product details'}
    >
      <FormError id={form.errorId} error={form.errors?.[0]} />
      <input type="hidden" name="intent" value={mode} />
      {text('name', 'Name', {
        hint: 'Shown on the product page; its address follows it, and old names redirect.',
        extra: { autoComplete: 'off' },
      })}
      {text('category', 'Category')}
      {text('short_description', 'Short description')}
      <AdminField field={f.long_description} label="Long description (Markdown)">
        <textarea {...getTextareaProps(f.long_description as never)} {...invalidProps(f.long_description)} rows={6} />
      </AdminField>
      {text('price', 'Price in euros', { hint: 'Tax included, e.g. 89 or 89.50.', extra: { inputMode: 'decimal' } })}
      {text('launch_date', `Launch (${SHOP_TIME_ZONE} time)`, {
        type: 'datetime-local',
        hint: 'Leave empty to sell it now. A launch ahead makes the product a drop: shown as Coming soon, sold from that minute, its launch list emailed then.',
      })}
      {text('purchase_limit', 'Limit per customer (units)', {
        type: 'number',
        hint: 'Leave empty for no limit.',
        extra: { min: 1, max: 99, step: 1 },
      })}
      {mode === 'create' ? (
        <fieldset className="admin-form__group">
          <legend>Variants</legend>
          {text('colours', 'Colours', { hint: 'Separated by commas, e.g. Black, Sand.' })}
          {text('sizes', 'Sizes', { hint: 'Separated by commas, e.g. S, M, L/XL.' })}
          {text('material', 'Material (optional)')}
          {text('treatment', 'Treatment (optional)')}
          {text('sku_prefix', 'SKU prefix', { hint: 'SKUs are the prefix, the colour and the size: DH-BLACK-S.' })}
          {text('stock_per_variant', 'Stock of each variant (units)', { type: 'number', extra: { min: 0, step: 1 } })}
        </fieldset>
      ) : null}
      <div className="admin-form__actions">
        {/* First, so Enter in a field saves; the preview sends the form without checking it. */}
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving...' : mode === 'create' ? 'Create product' : 'Save changes'}
        </button>
        <button type="submit" name="preview" value="description" formNoValidate className="button button--ghost" disabled={busy}>
          Preview description
        </button>
      </div>
      {preview !== undefined ? (
        <section className="admin-preview" aria-labelledby={`preview-heading-${mode}`}>
          <h3 id={`preview-heading-${mode}`}>Long description, as the shop shows it (not saved yet)</h3>
          {preview ? <div className="admin-preview__text" dangerouslySetInnerHTML={{ __html: preview }} /> : <p>Nothing written yet.</p>}
        </section>
      ) : null}
    </Form>
  );
}
