import { Form, useActionData } from '@remix-run/react';

import type { AdminProduct } from '@contract/api/products-admin';

import { missingItalian } from '~/lib/admin/catalogue-words';
import { useI18n } from '~/lib/i18n';

/** What the Italian form answers when it is refused. */
export interface ItalianFormAnswer {
  italianForm: true;
  message: string;
}

/**
 * The product's texts in Italian (issue 38): category, descriptions and the size chart's labels. An
 * empty field is shown to Italian shoppers in English; what is still missing is listed above the form.
 */
export function ItalianTextsForm({ product }: { product: AdminProduct }) {
  const answer = useActionData<ItalianFormAnswer | object>();
  const refused = answer && 'italianForm' in answer ? answer : null;
  const italian = product.italian;
  const englishPoints = product.size_chart?.points.map((point) => point.name) ?? [];
  const { t } = useI18n();
  return (
    <section aria-labelledby="italian-heading">
      <h2 id="italian-heading">{t('adminCatalogue.italian.heading')}</h2>
      {product.italian_missing.length ? (
        <p className="notice" id="italian-missing">
          {t('adminCatalogue.italian.missing', { names: missingItalian(product.italian_missing, t) })}
        </p>
      ) : (
        <p className="field__hint">{t('adminCatalogue.italian.complete')}</p>
      )}
      <Form method="post" className="admin-form" aria-label={t('adminCatalogue.italian.heading')}>
        {refused ? (
          <p className="notice notice--error" role="alert">
            {refused.message}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="it-category">{t('adminCatalogue.italian.category', { category: product.category })}</label>
          <input id="it-category" name="category" lang="it" defaultValue={italian.category} aria-describedby="it-category-hint" />
          <p className="field__hint" id="it-category-hint">
            {t('adminCatalogue.italian.categoryHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor="it-short">{t('adminCatalogue.italian.short')}</label>
          <textarea id="it-short" name="short_description" lang="it" rows={2} defaultValue={italian.short_description} />
        </div>
        <div className="field">
          <label htmlFor="it-long">{t('adminCatalogue.italian.long')}</label>
          <textarea id="it-long" name="long_description" lang="it" rows={6} defaultValue={italian.long_description} />
        </div>
        {product.size_chart ? (
          <>
            <div className="field">
              <label htmlFor="it-fit">{t('adminCatalogue.italian.fit')}</label>
              <textarea id="it-fit" name="fit_description" lang="it" rows={2} defaultValue={italian.fit_description} />
            </div>
            <div className="field">
              <label htmlFor="it-tips">{t('adminCatalogue.italian.tips')}</label>
              <textarea id="it-tips" name="sizing_tips" lang="it" rows={3} defaultValue={italian.sizing_tips.join('\n')} />
            </div>
            <div className="field">
              <label htmlFor="it-models">{t('adminCatalogue.italian.models')}</label>
              <textarea id="it-models" name="model_info" lang="it" rows={2} defaultValue={italian.model_info.join('\n')} />
            </div>
            <div className="field">
              <label htmlFor="it-points">{t('adminCatalogue.italian.points')}</label>
              <p className="field__hint" id="it-points-hint">
                {t('adminCatalogue.italian.pointsHint', { points: englishPoints.join(', ') })}
              </p>
              <input id="it-points" name="points" lang="it" defaultValue={italian.points.join(', ')} aria-describedby="it-points-hint" />
            </div>
          </>
        ) : null}
        <button type="submit" name="intent" value="italian" className="button">
          {t('adminCatalogue.italian.save')}
        </button>
      </Form>
    </section>
  );
}
