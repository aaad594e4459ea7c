import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { readOutbox } from '../../api/src/services/mail';
import { callRoute } from '../../tests/support/route-context';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import UnsubscribePage, { loader } from './wishlist.unsubscribe';

// The page a Notify Me email links to: it names what the shopper waits for, and speaks of a launch for
// a product not on sale yet (issue #45 item 5), of a restock otherwise.

const api = storefrontTestApi();

/** Waits for `productId` by email through the API and answers the link its confirmation email carries. */
async function mailedLink(email: string, productId: string): Promise<string> {
  const res = await fetch(`${api.url}/api/products/wishlist`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, product_id: productId }),
  });
  expect(res.status).toBe(201);
  const [mail] = await readOutbox(api.database.db, email);
  const link = /(http\S+\/wishlist\/unsubscribe\?token=\S+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

async function page(path: string) {
  const response = await callRoute(loader, new Request(`http://shop.test${path}`));
  const data = await response.json();
  const Stub = createRemixStub([{ path: '/wishlist/unsubscribe', Component: UnsubscribePage, loader: () => data }]);
  const html = renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ loaderData: { '0': data } }} />);
  return { data, html };
}

describe('/wishlist/unsubscribe', () => {
  it('speaks of the launch for a product not on sale yet, and of a restock for one sold out', async () => {
    const [first, second] = await api.database.db
      .selectFrom('products')
      .select(['id', 'name', 'launch_date'])
      .orderBy('name')
      .limit(2)
      .execute();
    const launch = new Date(api.clock.now().getTime() + 3 * 86_400_000);
    await api.database.db.updateTable('products').set({ launch_date: launch }).where('id', '=', first.id).execute();
    try {
      const upcoming = await page(await mailedLink('launch-page@example.com', first.id));
      expect(upcoming.data).toMatchObject({ state: 'confirm', item: first.name, launching: true });
      expect(upcoming.html).toContain(`when ${first.name} launches`);
      expect(upcoming.html).not.toContain('back in stock');
    } finally {
      await api.database.db.updateTable('products').set({ launch_date: first.launch_date }).where('id', '=', first.id).execute();
    }

    const restock = await page(await mailedLink('restock-page@example.com', second.id));
    expect(restock.data).toMatchObject({ state: 'confirm', item: second.name, launching: false });
    expect(restock.html).toContain(`when ${second.name} is back in stock`);
  });
});
