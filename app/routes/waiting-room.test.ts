import { afterEach, describe, expect, it } from 'vitest';

import { admitted, configureAdmission, hasRoom, ShopBusy } from '~/lib/admission.server';
import { getHoneypot } from '~/lib/honeypot.server';

import { callRoute } from '../../tests/support/route-context';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { action as productAction, loader as productLoader } from './product.$productName';
import { loader } from './waiting-room';

const api = storefrontTestApi({ storage: 'placeholder', dataDir: true });
afterEach(() => configureAdmission({ slots: 16, waitMs: 3000, queue: 2000 }));

function post(path: string, fields: Record<string, string>) {
  const props = getHoneypot().getInputProps({ validFromTimestamp: Date.now() - 10_000 });
  return new Request(new URL(path, 'http://shop.test'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [props.nameFieldName]: '', [props.validFromFieldName!]: props.encryptedValidFrom!, ...fields }),
  });
}

/** A slot held until the test lets it go. */
function holdSlot() {
  let letGo!: () => void;
  const held = admitted(() => new Promise<void>((resolve) => (letGo = resolve)));
  return { release: async () => (letGo(), await held) };
}

describe('the door to the writes', () => {
  it('serves in arrival order once slots free, and turns away who waited too long', async () => {
    configureAdmission({ slots: 1, waitMs: 1000, queue: 10 });
    const first = holdSlot();
    expect(hasRoom()).toBe(false);
    const order: number[] = [];
    const second = admitted(async () => order.push(2));
    const third = admitted(async () => order.push(3));
    await first.release();
    await Promise.all([second, third]);
    expect(order).toEqual([2, 3]);
    expect(hasRoom()).toBe(true);

    configureAdmission({ slots: 1, waitMs: 30, queue: 10 });
    const blocker = holdSlot();
    await expect(admitted(async () => 'never')).rejects.toBeInstanceOf(ShopBusy);
    configureAdmission({ queue: 0 });
    await expect(admitted(async () => 'never')).rejects.toBeInstanceOf(ShopBusy);
    await blocker.release();
    expect(hasRoom()).toBe(true);
  });

  it('an add to cart that finds no room sends the shopper to the waiting room, which sends them back once there is room', async () => {
    const details = await (await fetch(`${api.url}/api/products/details?product_name=Tracer%20Tee`)).json();
    const variant = details.variants.find((v: { in_stock: boolean }) => v.in_stock);
    configureAdmission({ slots: 1, waitMs: 20 });
    const blocker = holdSlot();
    const path = '/product/Tracer%20Tee?color=BLACK';
    const response = await callRoute(productAction, post(path, { intent: 'add-to-cart', variantId: variant.id }), {
      productName: 'Tracer Tee',
    });
    expect(response.status).toBe(303);
    const room = response.headers.get('Location')!;
    expect(room).toBe(`/waiting-room?next=${encodeURIComponent(path)}`);
    // Nothing reached the cart.
    expect(response.headers.get('Set-Cookie')).toBeNull();

    const shown = await callRoute(loader, new Request(new URL(room, 'http://shop.test')));
    const page = await shown.json();
    expect(page).toMatchObject({ next: path, again: `/waiting-room?next=${encodeURIComponent(path)}&try=1` });
    // Still full: the reload shows the page again; with room it goes back.
    expect((await callRoute(loader, new Request(new URL(page.again, 'http://shop.test')))).status).toBe(200);
    await blocker.release();
    const back = await callRoute(loader, new Request(new URL(page.again, 'http://shop.test'))).catch((thrown: Response) => thrown);
    expect(back.status).toBe(303);
    expect(back.headers.get('Location')).toBe(path);

    // The same add, now with room, goes through.
    const added = await callRoute(productAction, post(path, { intent: 'add-to-cart', variantId: variant.id }), {
      productName: 'Tracer Tee',
    });
    expect(added.headers.get('Location')).toBe(path);
    const after = await callRoute(
      productLoader,
      new Request(new URL(path, 'http://shop.test'), { headers: { Cookie: added.headers.get('Set-Cookie')!.split(';')[0] } }),
      { productName: 'Tracer Tee' },
    );
    expect((await after.json()).flash).toEqual({ kind: 'success', message: 'Added to Cart!' });
  });

  it('keeps an Italian shopper in Italian: /it pages wait in /it/waiting-room, which tries again there', async () => {
    const details = await (await fetch(`${api.url}/api/products/details?product_name=Tracer%20Tee`)).json();
    const variant = details.variants.find((v: { in_stock: boolean }) => v.in_stock);
    configureAdmission({ slots: 1, waitMs: 20 });
    const blocker = holdSlot();
    try {
      const path = '/it/product/Tracer%20Tee?color=BLACK';
      const response = await callRoute(productAction, post(path, { intent: 'add-to-cart', variantId: variant.id }), {
        lang: 'it',
        productName: 'Tracer Tee',
      });
      const room = response.headers.get('Location')!;
      expect(room).toBe(`/it/waiting-room?next=${encodeURIComponent(path)}`);
      const page = await (await callRoute(loader, new Request(new URL(room, 'http://shop.test')), { lang: 'it' })).json();
      expect(page.again).toBe(`/it/waiting-room?next=${encodeURIComponent(path)}&try=1`);
      // A first load names its words' script (ADR 080).
      expect(page.i18n.scripts).toEqual([expect.stringMatching(/^\/messages\/it\/pages\.[0-9a-f]{8}\.js$/)]);
      expect(page.i18n.locale).toBe('it');
    } finally {
      await blocker.release();
    }
  });

  it('never sends anyone to another site', async () => {
    for (const next of ['https://evil.test/', '//evil.test/x', '/\\evil.test']) {
      const shown = await callRoute(loader, new Request(`http://shop.test/waiting-room?next=${encodeURIComponent(next)}&try=1`)).catch(
        (thrown: Response) => thrown,
      );
      expect(shown.status === 303 ? shown.headers.get('Location') : (await shown.json()).next).toBe('/');
    }
  });
});
