import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { localeOfPath } from '~/lib/i18n';
import { i18nData } from '~/lib/i18n.server';

import { YourStoreCredit } from './your-store-credit';

/** The profile's store credit as the server renders it: the page a shopper without JavaScript gets. */
function html(element: JSX.Element, path = '/profile') {
  const data = { i18n: i18nData(localeOfPath(path), 'account') };
  const Stub = createRemixStub([{ path, Component: () => element, loader: () => data }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ loaderData: { '0': data } }} />);
}

describe('the profile’s store credit', () => {
  it('shows the balance in euros, in English and in Italian', () => {
    expect(html(<YourStoreCredit balance={1_250} />)).toContain('Store credit: €12.50');
    // The shop's one money formatter keeps the sign in front in Italian too (contract/money.ts).
    expect(html(<YourStoreCredit balance={1_250} />, '/it/profile')).toContain('Credito del negozio: €12,50');
  });

  it('says how credit comes when there is none, and when it could not be read', () => {
    const none = html(<YourStoreCredit balance={0} />);
    expect(none).toContain('Store credit: €0.00');
    expect(none).toContain('A return refunded as store credit adds to it.');
    expect(html(<YourStoreCredit balance={null} />)).toContain('Your store credit could not be loaded just now.');
  });
});
