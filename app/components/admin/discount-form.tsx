import { getFormProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';

import { type AdminDiscountCode, discountCodeFormSchema } from '@contract/api/discounts';
import { SHOP_TIME_ZONE, toShopWallTime } from '@contract/shop-time';

import { useI18n } from '~/lib/i18n';

import { AdminField, FormError, invalidProps } from './admin-field';
import { textField, type TextFieldMeta, type TextFieldOptions } from './text-field';

export interface DiscountChoices {
  products: { id: string; name: string }[];
  categories: { id: string; name: string }[];
}

/** A code as its form shows it: euros, shop-zone wall times, empty for no limit. */
export function discountFormValues(code: AdminDiscountCode): Record<string, string | string[]> {
  const euros = (cents: number) => (cents / 100).toFixed(2);
  return {
    code: code.code,
    kind: code.kind,
    percent: code.kind === 'percent' ? String(code.value) : '',
    amount: code.kind === 'amount' ? euros(code.value) : '',
    min_total: code.min_total ? euros(code.min_total) : '',
    starts_at: code.starts_at ? toShopWallTime(code.starts_at) : '',
    ends_at: code.ends_at ? toShopWallTime(code.ends_at) : '',
    max_uses: code.max_uses ? String(code.max_uses) : '',
    max_uses_per_customer: code.max_uses_per_customer ? String(code.max_uses_per_customer) : '',
    product_ids: code.product_ids,
    category_ids: code.category_ids,
    active: code.active ? 'on' : '',
  };
}

/**
 * The owner's discount-code form, new or edited. A plain form post; with JavaScript the same rules
 * check it before it is sent.
 */
export function DiscountForm({
  mode,
  defaultValue,
  choices,
  lastResult,
}: {
  mode: 'create' | 'edit';
  defaultValue: Record<string, string | string[]>;
  choices: DiscountChoices;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state === 'submitting';
  const { t } = useI18n();
  const [form, fields] = useForm<Record<string, string>>({
    id: `discount-${mode}`,
    lastResult,
    defaultValue: defaultValue as Record<string, string>,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: discountCodeFormSchema }) as never,
  });
  const f = fields as unknown as Record<string, TextFieldMeta>;
  const text = (name: string, label: string, options?: TextFieldOptions) => textField(f[name], label, options);
  const chosen = (name: 'product_ids' | 'category_ids') => new Set(([] as string[]).concat(defaultValue[name] ?? []));
  const checkboxes = (name: 'product_ids' | 'category_ids', legend: string, list: { id: string; name: string }[]) => (
    <fieldset className="admin-form__group admin-form__choices">
      <legend>{legend}</legend>
      {list.length === 0 ? <p>{t('adminCatalogue.discountForm.noneYet')}</p> : null}
      {list.map((item) => (
        <label key={item.id} className="admin-form__choice">
          <input type="checkbox" name={name} value={item.id} defaultChecked={chosen(name).has(item.id)} /> {item.name}
        </label>
      ))}
    </fieldset>
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className="admin-form"
      aria-label={t(mode === 'create' ? 'adminCatalogue.discount.newTitle' : 'adminCatalogue.discount.title')}
    >
      <FormError id={form.errorId} error={form.errors?.[0]} />
      {text('code', t('adminCatalogue.discounts.code'), {
        hint: t('adminCatalogue.discountForm.codeHint'),
        extra: { autoComplete: 'off', autoCapitalize: 'characters' },
      })}
      <AdminField field={f.kind} label={t('adminCatalogue.discounts.takesOff')}>
        <select {...getSelectProps(f.kind as never)} {...invalidProps(f.kind)}>
          <option value="percent">{t('adminCatalogue.discountForm.percentItems')}</option>
          <option value="amount">{t('adminCatalogue.discountForm.amountItems')}</option>
          <option value="free_shipping">{t('adminCatalogue.discountForm.shipping')}</option>
        </select>
      </AdminField>
      {text('percent', t('adminCatalogue.discountForm.percent'), {
        type: 'number',
        hint: t('adminCatalogue.discountForm.percentHint'),
        extra: { min: 1, max: 100, step: 1 },
      })}
      {text('amount', t('adminCatalogue.discountForm.amount'), {
        hint: t('adminCatalogue.discountForm.amountHint'),
        extra: { inputMode: 'decimal' },
      })}
      {text('min_total', t('adminCatalogue.discountForm.minTotal'), {
        hint: t('adminCatalogue.discountForm.minTotalHint'),
        extra: { inputMode: 'decimal' },
      })}
      {text('starts_at', t('adminCatalogue.discountForm.starts', { zone: SHOP_TIME_ZONE }), { type: 'datetime-local' })}
      {text('ends_at', t('adminCatalogue.discountForm.ends', { zone: SHOP_TIME_ZONE }), { type: 'datetime-local' })}
      {text('max_uses', t('adminCatalogue.discountForm.maxUses'), {
        type: 'number',
        hint: t('adminCatalogue.common.noLimit'),
        extra: { min: 1, step: 1 },
      })}
      {text('max_uses_per_customer', t('adminCatalogue.discountForm.maxPerCustomer'), {
        type: 'number',
        hint: t('adminCatalogue.discountForm.perCustomerHint'),
        extra: { min: 1, step: 1 },
      })}
      {checkboxes('product_ids', t('adminCatalogue.discountForm.onlyProducts'), choices.products)}
      {checkboxes('category_ids', t('adminCatalogue.discountForm.onlyCategories'), choices.categories)}
      <div className="field field--checkbox">
        <label>
          <input type="checkbox" name="active" defaultChecked={defaultValue.active === 'on'} /> {t('adminCatalogue.discountForm.active')}
        </label>
      </div>
      <button type="submit" className="button" disabled={busy}>
        {t(
          busy
            ? 'adminCatalogue.common.saving'
            : mode === 'create'
              ? 'adminCatalogue.discountForm.create'
              : 'adminCatalogue.common.saveChanges',
        )}
      </button>
    </Form>
  );
}
