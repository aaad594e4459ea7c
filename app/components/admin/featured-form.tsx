import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';

import { type AdminHome, FEATURED_MAX, featuredFormSchema } from '@contract/api/home';

import { useI18n } from '~/lib/i18n';

import { FormError } from './admin-field';

/**
 * The products the home page shows first, one place after the other (ADR 073): a list per place, an
 * empty place left out. A plain form post; with JavaScript the same rules check it before it is sent.
 */
export function FeaturedForm({ home, lastResult }: { home: AdminHome; lastResult?: SubmissionResult<string[]> }) {
  const busy = useNavigation().state === 'submitting';
  const { t } = useI18n();
  const [form, fields] = useForm({
    id: 'featured',
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: featuredFormSchema }),
  });
  const error = fields.place.errors?.[0] ?? form.errors?.[0];
  return (
    <section aria-labelledby="featured-heading">
      <h2 id="featured-heading">{t('adminPeople.home.featured.heading')}</h2>
      <p>{t('adminPeople.home.featured.intro')}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="admin-form" aria-labelledby="featured-heading">
        <FormError id={form.errorId} error={error} />
        <input type="hidden" name="intent" value="featured" />
        {Array.from({ length: FEATURED_MAX }, (_, place) => (
          <div className="field" key={place}>
            <label htmlFor={`featured-${place}`}>{t('adminPeople.home.featured.place', { place: place + 1 })}</label>
            <select
              id={`featured-${place}`}
              name="place"
              defaultValue={home.featured[place] ?? ''}
              aria-describedby={error ? form.errorId : undefined}
            >
              <option value="">{t('adminPeople.home.featured.none')}</option>
              {home.products.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={busy}>
            {t('adminPeople.home.featured.save')}
          </button>
        </div>
      </Form>
    </section>
  );
}
