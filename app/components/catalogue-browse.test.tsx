import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { i18nData } from '~/lib/i18n.server';

import { CatalogueFilters } from './catalogue-browse';

/** The filters as the server renders them, the form a shopper without JavaScript gets. */
function html(element: JSX.Element, path = '/') {
  const data = { i18n: i18nData('en', 'home') };
  const Stub = createRemixStub([{ path, Component: () => element, loader: () => data }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ loaderData: { '0': data } }} />);
}

describe('the catalogue filters', () => {
  it("name sizes and colours by the catalogue's words, keeping the codes as the values sent", () => {
    const markup = html(
      <CatalogueFilters
        state={{}}
        total={null}
        searchError={null}
        facets={{
          categories: ['Caps'],
          sizes: ['S/M', 'ONE SIZE', 'XL'],
          colours: ['RED', 'SAND', 'GREY'],
          value_names: { 'S/M': 'Small to medium', 'ONE SIZE': 'One size', RED: 'Signal red', SAND: 'Sand' },
        }}
      />,
    );
    expect(markup).toContain('<option value="S/M">Small to medium</option>');
    expect(markup).toContain('<option value="ONE SIZE">One size</option>');
    expect(markup).toContain('<option value="RED">Signal red</option>');
    expect(markup).toContain('<option value="SAND">Sand</option>');
    // A code without words shows as before.
    expect(markup).toContain('<option value="XL">XL</option>');
    expect(markup).toContain('<option value="GREY">Grey</option>');
    expect(markup).not.toMatch(/>(SAND|RED|ONE SIZE)</);
  });
});
