import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { callRoute } from '../../tests/support/route-context';
import { buyThroughCheckout, shopper, variants } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { storefrontCookie, thrownResponse } from '../../tests/support/storefront-session';
import OrderSuccess, { loader as orderSuccessLoader } from './order-success';
import { loader } from './orders.$purchaseId.receipt';

const api = storefrontTestApi();
let purchaseId: string;
let ownerCookie: string;

beforeAll(async () => {
  const owner = shopper(api);
  ownerCookie = await storefrontCookie(await owner.register());
  const [variant] = await variants(api);
  purchaseId = await buyThroughCheckout(api, owner, [{ id: variant.id }]);
});

const receipt = (id: string, cookie?: string) =>
  callRoute(loader, new Request(`http://shop.test/orders/${id}/receipt`, { headers: cookie ? { Cookie: cookie } : {} }), {
    purchaseId: id,
  });

describe('receipt download', () => {
  it('streams the PDF of their own purchase to a registered buyer, as an attachment', async () => {
    const response = await receipt(purchaseId, ownerCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="receipt_${purchaseId.slice(0, 8)}.pdf"`);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(500);
  });

  it("answers 404 for another registered shopper's purchase and for an unknown id", async () => {
    const other = await storefrontCookie(await shopper(api).register());
    const response = await receipt(purchaseId, other);
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).not.toContain('pdf');
    expect((await receipt('not-a-purchase', ownerCookie)).status).toBe(404);
  });

  it('sends a visitor to /login and asks a guest to create an account', async () => {
    const visitor = await thrownResponse(receipt(purchaseId));
    expect(visitor.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(`/orders/${purchaseId}/receipt`)}&reason=login`);
    const guest = await storefrontCookie(await shopper(api).signInAsGuest());
    const refused = await thrownResponse(receipt(purchaseId, guest));
    expect(refused.headers.get('Location')).toContain('reason=create-account');
  });

  it('is linked from the order success page for registered buyers only, with View Order History', async () => {
    const page = async (id: string, cookie: string) => {
      const response = await callRoute(
        orderSuccessLoader,
        new Request(`http://shop.test/order-success?purchase_intent_id=${id}`, { headers: { Cookie: cookie } }),
      );
      const data = await response.json();
      const Stub = createRemixStub([{ path: '/order-success', Component: OrderSuccess, loader: () => data }]);
      return renderToStaticMarkup(<Stub initialEntries={['/order-success']} hydrationData={{ loaderData: { '0': data } }} />);
    };
    const registered = await page(purchaseId, ownerCookie);
    expect(registered).toContain(`href="/orders/${purchaseId}/receipt"`);
    expect(registered).toContain('Download Receipt');
    expect(registered).toContain('href="/orders"');

    const guest = shopper(api);
    const guestCookie = await storefrontCookie(await guest.signInAsGuest());
    const [variant] = await variants(api);
    const guestPurchase = await buyThroughCheckout(api, guest, [{ id: variant.id }]);
    const forGuest = await page(guestPurchase, guestCookie);
    expect(forGuest).toContain('Thank you for your order!');
    expect(forGuest).not.toContain('Download Receipt');
    expect(forGuest).not.toContain('View Order History');
    expect(forGuest).toContain('href="/register"');
  });
});
