import { Form, useActionData } from '@remix-run/react';

import type { AdminProduct } from '@contract/api/products-admin';
import { formatEuro } from '@contract/money';

import { useI18n } from '~/lib/i18n';

/** What a failed variant form answers: which form (a variant's id, or 'new-variant') and why. */
export interface VariantFormError {
  variantForm: string;
  message: string;
}

function Field({ id, label, children, hint }: { id: string; label: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/**
 * The variants of a product, each with its own form (SKU, price, its own card on the grid or not,
 * units to add or take away), and a form for one more. Plain form posts: all of it works without
 * JavaScript.
 */
export function ProductVariants({ product }: { product: AdminProduct }) {
  const actionData = useActionData<VariantFormError | object>();
  const failed = actionData && 'variantForm' in actionData ? actionData : null;
  const errorOf = (form: string) => (failed?.variantForm === form ? failed.message : null);
  const { t } = useI18n();
  return (
    <section aria-labelledby="variants-heading">
      <h2 id="variants-heading">{t('adminCatalogue.products.variants')}</h2>
      <ul className="admin-variants">
        {product.variants.map((variant) => (
          // Keyed by what it shows: after a save the form starts again from the saved values (the units field empty).
          <VariantForm key={JSON.stringify(variant)} variant={variant} error={errorOf(variant.id)} />
        ))}
      </ul>
      <h3>{t('adminCatalogue.variants.add')}</h3>
      <NewVariantForm price={product.price} error={errorOf('new-variant')} />
    </section>
  );
}

type Variant = AdminProduct['variants'][number];

/** One variant's form: its options, SKU, price, units to add and its card on the grid. */
function VariantForm({ variant, error }: { variant: Variant; error: string | null }) {
  const id = `variant-${variant.id}`;
  const { t, locale } = useI18n();
  return (
    <li>
      <Form
        method="post"
        className="admin-form admin-form--inline"
        aria-label={t('adminCatalogue.variants.label', { variant: variant.description })}
      >
        <input type="hidden" name="variantId" value={variant.id} />
        <p className="admin-variants__name">
          <strong>{variant.description}</strong>:{' '}
          {variant.stock_quantity === null
            ? t('adminCatalogue.variants.notCounted')
            : t('adminCatalogue.variants.inStock', { count: variant.stock_quantity })}
          , {formatEuro(variant.price, locale)}
        </p>
        <Field id={`${id}-colour`} label={t('adminCatalogue.common.colour')}>
          <input id={`${id}-colour`} name="colour" defaultValue={variant.options.colour ?? ''} required />
        </Field>
        <Field id={`${id}-size`} label={t('adminCatalogue.common.size')}>
          <input id={`${id}-size`} name="size" defaultValue={variant.options.size ?? ''} required />
        </Field>
        <Field id={`${id}-material`} label={t('adminCatalogue.common.materialOptional')}>
          <input id={`${id}-material`} name="material" defaultValue={variant.options.material ?? ''} />
        </Field>
        <Field id={`${id}-treatment`} label={t('adminCatalogue.common.treatmentOptional')}>
          <input id={`${id}-treatment`} name="treatment" defaultValue={variant.options.treatment ?? ''} />
        </Field>
        <Field id={`${id}-sku`} label={t('adminCatalogue.common.sku')}>
          <input id={`${id}-sku`} name="sku" defaultValue={variant.sku} required />
        </Field>
        <Field id={`${id}-price`} label={t('adminCatalogue.common.priceInEuros')}>
          <input id={`${id}-price`} name="price" defaultValue={(variant.price / 100).toFixed(2)} inputMode="decimal" required />
        </Field>
        {/* A gift card's amount has no stock to change. */}
        {variant.stock_quantity === null ? null : (
          <Field id={`${id}-stock`} label={t('adminCatalogue.variants.unitsChange')}>
            <input id={`${id}-stock`} name="stock_change" inputMode="numeric" />
          </Field>
        )}
        <div className="field field--check">
          <input id={`${id}-listed`} name="is_listed" type="checkbox" defaultChecked={variant.is_listed} />
          <label htmlFor={`${id}-listed`}>{t('adminCatalogue.variants.ownCard')}</label>
        </div>
        <Field id={`${id}-listing`} label={t('adminCatalogue.variants.cardText')}>
          <input id={`${id}-listing`} name="listing_description" defaultValue={variant.listing_description ?? ''} maxLength={300} />
        </Field>
        <button
          type="submit"
          name="intent"
          value="variant-save"
          className="button button--small"
          aria-describedby={error ? `${id}-error` : undefined}
        >
          {t('adminCatalogue.common.save')}
          <span className="visually-hidden"> {variant.description}</span>
        </button>
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </Form>
    </li>
  );
}

/** The form for one more variant, priced as the product to begin with. */
function NewVariantForm({ price, error }: { price: number; error: string | null }) {
  const { t } = useI18n();
  return (
    <Form method="post" className="admin-form" aria-label={t('adminCatalogue.variants.add')}>
      <Field id="new-variant-colour" label={t('adminCatalogue.common.colour')}>
        <input id="new-variant-colour" name="colour" required />
      </Field>
      <Field id="new-variant-size" label={t('adminCatalogue.common.size')}>
        <input id="new-variant-size" name="size" required />
      </Field>
      <Field id="new-variant-material" label={t('adminCatalogue.common.materialOptional')}>
        <input id="new-variant-material" name="material" />
      </Field>
      <Field id="new-variant-treatment" label={t('adminCatalogue.common.treatmentOptional')}>
        <input id="new-variant-treatment" name="treatment" />
      </Field>
      <Field id="new-variant-sku" label={t('adminCatalogue.common.sku')}>
        <input id="new-variant-sku" name="sku" required />
      </Field>
      <Field id="new-variant-price" label={t('adminCatalogue.common.priceInEuros')}>
        <input id="new-variant-price" name="price" defaultValue={(price / 100).toFixed(2)} inputMode="decimal" required />
      </Field>
      <Field id="new-variant-stock" label={t('adminCatalogue.variants.stock')}>
        <input id="new-variant-stock" name="stock" type="number" min={0} step={1} defaultValue={0} />
      </Field>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" name="intent" value="variant-add" className="button">
        {t('adminCatalogue.variants.addButton')}
      </button>
    </Form>
  );
}
