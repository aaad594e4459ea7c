import { describe, expect, it } from 'vitest';

import { deliverOrder, shipOrder } from '../../api/src/services/fulfilment';
import { returnToken } from '../../api/src/services/returns';
import { callRoute } from '../../tests/support/route-context';
import { buyThroughCheckout, setVariant, shopper } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { nextCookie, shopperCookie, storefrontGet, storefrontPost, thrownResponse } from '../../tests/support/storefront-session';
import { action, loader } from './orders_.$purchaseId.return';
import { action as guestAction, loader as guestLoader } from './returns.$token';

const CLI = { kind: 'cli', role: 'owner' } as const;

const api = storefrontTestApi();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read whatever the route sent
const dataOf = async (response: Response): Promise<any> => response.json();

/** A delivered order of one tee in its large size, the small one in stock; signed in as its buyer. */
async function deliveredTee(guest = false) {
  const sizes = await api.database.db
    .selectFrom('product_variants')
    .select(['id', 'sku'])
    .where('sku', 'in', ['TT-RED-LXL', 'TT-RED-SM'])
    .orderBy('sku')
    .execute();
  const [large, small] = sizes;
  await setVariant(api, large.id, { stock_quantity: 10 });
  await setVariant(api, small.id, { stock_quantity: 10 });
  const s = shopper(api);
  if (guest) await s.signInAsGuest();
  else await s.register();
  const purchaseId = await buyThroughCheckout(api, s, [{ id: large.id }]);
  await shipOrder(api.deps, purchaseId, 'BRT', 'BRT 1', CLI);
  await deliverOrder(api.deps, purchaseId, CLI);
  return { s, purchaseId, small };
}

describe('the return page', () => {
  it('names a missing reason and missing items, then requests the return and shows it with its number (Post/Redirect/Get)', async () => {
    const { s, purchaseId, small } = await deliveredTee();
    const cookie = await shopperCookie(s);
    const path = `/orders/${purchaseId}/return`;
    const page = await dataOf(await callRoute(loader, storefrontGet(path, cookie), { purchaseId }));
    expect(page.options).toMatchObject({ closed: null, returns: [] });
    const line = page.options.lines[0];
    expect(line.sizes).toContainEqual(expect.objectContaining({ variant_id: small.id, size: 'S/M', in_stock: true }));

    const empty = await callRoute(action, storefrontPost(path, cookie, { 'lines[0].item_id': line.item_id, 'lines[0].quantity': '0' }), {
      purchaseId,
    });
    expect(empty.status).toBe(400);
    const errors = (await dataOf(empty)).result.error;
    expect(errors.reason).toEqual(['Choose a reason']);
    expect(errors.lines).toEqual(['Choose at least one item to return']);

    const wrongReason = await callRoute(
      action,
      storefrontPost(path, cookie, {
        reason: 'changed_mind',
        'lines[0].item_id': line.item_id,
        'lines[0].quantity': '1',
        'lines[0].exchange_variant_id': small.id,
      }),
      { purchaseId },
    );
    expect((await dataOf(wrongReason)).result.error.reason).toEqual([
      'Only an item too small or too big can be exchanged for another size',
    ]);

    // The size sells out between the page and the post: the form offers the refund instead.
    await setVariant(api, small.id, { stock_quantity: 0 });
    const fields = {
      reason: 'too_big',
      'lines[0].item_id': line.item_id,
      'lines[0].quantity': '1',
      'lines[0].exchange_variant_id': small.id,
    };
    const soldOut = await callRoute(action, storefrontPost(path, cookie, fields), { purchaseId });
    expect(soldOut.status).toBe(400);
    expect((await dataOf(soldOut)).result.error['']).toEqual([
      'That size has just sold out. Choose another size, or choose a refund instead.',
    ]);

    await setVariant(api, small.id, { stock_quantity: 3 });
    const made = await callRoute(action, storefrontPost(path, cookie, fields), { purchaseId });
    expect(made.status).toBe(303);
    expect(made.headers.get('Location')).toBe(path);
    const after = await dataOf(await callRoute(loader, storefrontGet(path, nextCookie(made, cookie)), { purchaseId }));
    expect(after.flash.message).toMatch(/^Return R-[0-9A-Z]{6} is requested\. We have emailed you the instructions\.$/);
    expect(after.options.returns).toMatchObject([
      { status: 'requested', kind: 'exchange', lines: [{ quantity: 1, exchange: { variant_id: small.id } }] },
    ]);
    expect(after.options.closed).toBe('nothing_left');
  });

  it("is closed to another buyer's order, and opens a guest's order through its signed link only", async () => {
    const { purchaseId } = await deliveredTee(true);
    const stranger = shopper(api);
    await stranger.register();
    const denied = await thrownResponse(
      callRoute(loader, storefrontGet(`/orders/${purchaseId}/return`, await shopperCookie(stranger)), { purchaseId }),
    );
    expect(denied.status).toBe(404);

    const token = returnToken(api.deps.config.jwtSecret, purchaseId);
    const page = await dataOf(await callRoute(guestLoader, storefrontGet(`/returns/${token}`), { token }));
    expect(page.options).toMatchObject({ purchase_id: purchaseId, guest: true, closed: null });
    const made = await callRoute(
      guestAction,
      storefrontPost(`/returns/${token}`, '', {
        reason: 'other',
        'lines[0].item_id': page.options.lines[0].item_id,
        'lines[0].quantity': '1',
      }),
      { token },
    );
    expect(made.status).toBe(303);
    const forged = await thrownResponse(
      callRoute(guestLoader, storefrontGet(`/returns/${purchaseId}.forged`), { token: `${purchaseId}.forged` }),
    );
    expect(forged.status).toBe(404);
    expect(await dataOf(forged)).toEqual({ message: 'This return link is not valid. Use the link in your delivery email.' });
  });

  it("withdraws from the whole order in one post, for a buyer and through a guest's link; a second time says so", async () => {
    const { s, purchaseId } = await deliveredTee();
    const cookie = await shopperCookie(s);
    const path = `/orders/${purchaseId}/return`;
    const made = await callRoute(action, storefrontPost(path, cookie, { intent: 'withdraw' }), { purchaseId });
    expect(made.status).toBe(303);
    expect(made.headers.get('Location')).toBe(path);
    const after = await dataOf(await callRoute(loader, storefrontGet(path, nextCookie(made, cookie)), { purchaseId }));
    expect(after.flash).toMatchObject({ kind: 'success' });
    expect(after.flash.message).toMatch(/^You have withdrawn from order ORD-\S+: return R-[0-9A-Z]{6} is requested\./);
    expect(after.options.returns).toMatchObject([
      { kind: 'refund', reason: 'changed_mind', refund_to: 'payment', lines: [{ quantity: 1 }] },
    ]);
    expect(after.options.closed).toBe('nothing_left');

    const again = await callRoute(action, storefrontPost(path, cookie, { intent: 'withdraw' }), { purchaseId });
    expect(again.status).toBe(303);
    const told = await dataOf(await callRoute(loader, storefrontGet(path, nextCookie(again, cookie)), { purchaseId }));
    expect(told.flash).toMatchObject({
      kind: 'error',
      message: 'Some of these items have been returned already. Check the units and try again.',
    });
    expect(told.options.returns).toHaveLength(1);

    const guest = await deliveredTee(true);
    const token = returnToken(api.deps.config.jwtSecret, guest.purchaseId);
    const byLink = await callRoute(guestAction, storefrontPost(`/returns/${token}`, '', { intent: 'withdraw' }), { token });
    expect(byLink.status).toBe(303);
    const guestPage = await dataOf(await callRoute(guestLoader, storefrontGet(`/returns/${token}`, nextCookie(byLink, '')), { token }));
    expect(guestPage.options.returns).toMatchObject([{ kind: 'refund', lines: [{ quantity: 1 }] }]);
  });
});
