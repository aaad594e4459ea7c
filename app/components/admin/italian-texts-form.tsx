import { Form, useActionData } from '@remix-run/react';

import type { AdminProduct } from '@contract/api/products-admin';

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
  return (
    <section aria-labelledby="italian-heading">
      <h2 id="italian-heading">Italian texts</h2>
      {product.italian_missing.length ? (
        <p className="notice" id="italian-missing">
          Missing in Italian (the Italian pages show the English): {product.italian_missing.join(', ')}.
        </p>
      ) : (
        <p className="field__hint">Every text has its Italian.</p>
      )}
      <Form method="post" className="admin-form" aria-label="Italian texts">
        {refused ? (
          <p className="notice notice--error" role="alert">
            {refused.message}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="it-category">Category in Italian ({product.category})</label>
          <input id="it-category" name="category" lang="it" defaultValue={italian.category} aria-describedby="it-category-hint" />
          <p className="field__hint" id="it-category-hint">
            Shared by every product in the category.
          </p>
        </div>
        <div className="field">
          <label htmlFor="it-short">Short description in Italian</label>
          <textarea id="it-short" name="short_description" lang="it" rows={2} defaultValue={italian.short_description} />
        </div>
        <div className="field">
          <label htmlFor="it-long">Long description in Italian (Markdown)</label>
          <textarea id="it-long" name="long_description" lang="it" rows={6} defaultValue={italian.long_description} />
        </div>
        {product.size_chart ? (
          <>
            <div className="field">
              <label htmlFor="it-fit">Size chart fit in Italian</label>
              <textarea id="it-fit" name="fit_description" lang="it" rows={2} defaultValue={italian.fit_description} />
            </div>
            <div className="field">
              <label htmlFor="it-tips">Sizing tips in Italian (one per line)</label>
              <textarea id="it-tips" name="sizing_tips" lang="it" rows={3} defaultValue={italian.sizing_tips.join('\n')} />
            </div>
            <div className="field">
              <label htmlFor="it-models">Model notes in Italian (one per line)</label>
              <textarea id="it-models" name="model_info" lang="it" rows={2} defaultValue={italian.model_info.join('\n')} />
            </div>
            <div className="field">
              <label htmlFor="it-points">Measurements in Italian</label>
              <p className="field__hint" id="it-points-hint">
                Separated by commas, in the order of the English: {englishPoints.join(', ')}.
              </p>
              <input id="it-points" name="points" lang="it" defaultValue={italian.points.join(', ')} aria-describedby="it-points-hint" />
            </div>
          </>
        ) : null}
        <button type="submit" name="intent" value="italian" className="button">
          Save Italian texts
        </button>
      </Form>
    </section>
  );
}
