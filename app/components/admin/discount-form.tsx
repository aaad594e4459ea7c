import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';

import { type AdminDiscountCode, discountCodeFormSchema } from '@contract/api/discounts';
import { SHOP_TIME_ZONE, toShopWallTime } from '@contract/shop-time';

import { AdminField, FormError, invalidProps } from './admin-field';

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
  const [form, fields] = useForm<Record<string, string>>({
    id: `discount-${mode}`,
    lastResult,
    defaultValue: defaultValue as Record<string, string>,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: discountCodeFormSchema }) as never,
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
  const chosen = (name: 'product_ids' | 'category_ids') => new Set(([] as string[]).concat(defaultValue[name] ?? []));
  const checkboxes = (name: 'product_ids' | 'category_ids', legend: string, list: { id: string; name: string }[]) => (
    <fieldset className="admin-form__group admin-form__choices">
      <legend>{legend}</legend>
      {list.length === 0 ? <p>None yet.</p> : null}
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
      aria-label={mode === 'create' ? 'New discount code' : 'Discount code'}
    >
      <FormError id={form.errorId} error={form.errors?.[0]} />
      {text('code', 'Code', {
        hint: 'What shoppers type, in any case: 3 to 32 letters, digits, - or _.',
        extra: { autoComplete: 'off', autoCapitalize: 'characters' },
      })}
      <AdminField field={f.kind} label="Takes off">
        <select {...getSelectProps(f.kind as never)} {...invalidProps(f.kind)}>
          <option value="percent">A percentage of the items</option>
          <option value="amount">An amount from the items</option>
          <option value="free_shipping">The shipping</option>
        </select>
      </AdminField>
      {text('percent', 'Percentage (for a percentage)', { type: 'number', hint: '1 to 100.', extra: { min: 1, max: 100, step: 1 } })}
      {text('amount', 'Amount in euros (for an amount)', {
        hint: 'Tax included, e.g. 10 or 12.50. Never more than the items it applies to.',
        extra: { inputMode: 'decimal' },
      })}
      {text('min_total', 'Minimum cart total in euros (optional)', {
        hint: 'The items before the discount.',
        extra: { inputMode: 'decimal' },
      })}
      {text('starts_at', `Starts (${SHOP_TIME_ZONE} time, optional)`, { type: 'datetime-local' })}
      {text('ends_at', `Ends (${SHOP_TIME_ZONE} time, optional)`, { type: 'datetime-local' })}
      {text('max_uses', 'Total uses (optional)', { type: 'number', hint: 'Leave empty for no limit.', extra: { min: 1, step: 1 } })}
      {text('max_uses_per_customer', 'Uses per customer (optional)', {
        type: 'number',
        hint: 'Counted by email, guest and registered alike.',
        extra: { min: 1, step: 1 },
      })}
      {checkboxes('product_ids', 'Only these products (none chosen: every product)', choices.products)}
      {checkboxes('category_ids', 'Only these categories (none chosen: every category)', choices.categories)}
      <div className="field field--checkbox">
        <label>
          <input type="checkbox" name="active" defaultChecked={defaultValue.active === 'on'} /> Active: shoppers may use it
        </label>
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Saving...' : mode === 'create' ? 'Create code' : 'Save changes'}
      </button>
    </Form>
  );
}
