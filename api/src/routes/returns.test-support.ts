// What the return suites share: the owner's admin calls (as the CLI makes them), delivered orders on
// fresh size pairs, and a signed-in staff member and owner.
import { expect } from 'vitest';

import { buyThroughCheckout, setVariant, type Shopper } from '../../../tests/support/shopper';
import { cliHeaders, staffMember } from '../../../tests/support/staff';
import type { useTestApi } from '../../../tests/support/use-test-api';

type Sized = { id: string; sku: string; product_id: string; size: string; colour: string };

/** The helpers over a file's test API (`useTestApi()`); each file numbers its own size pairs. */
export function returnsKit(api: ReturnType<typeof useTestApi>) {
  async function admin(method: string, path: string, body?: unknown, headers: Record<string, string> = cliHeaders) {
    const res = await api.app.request(`/api/admin/${path}`, {
      method,
      headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  }

  const allPairs: (readonly [Sized, Sized])[] = [];
  async function sizePairNumber(n: number) {
    if (!allPairs.length) {
      const rows = await api.database.db
        .selectFrom('product_variants as v')
        .innerJoin('variant_attributes as size', (join) =>
          join.onRef('size.variant_id', '=', 'v.id').on('size.attribute_name', '=', 'size'),
        )
        .innerJoin('variant_attributes as colour', (join) =>
          join.onRef('colour.variant_id', '=', 'v.id').on('colour.attribute_name', '=', 'color'),
        )
        .select(['v.id', 'v.sku', 'v.product_id', 'size.value as size', 'colour.value as colour'])
        .orderBy('v.sku')
        .execute();
      const used = new Set<string>();
      for (const a of rows) {
        if (used.has(a.id)) continue;
        const b = rows.find(
          (other) => !used.has(other.id) && other.product_id === a.product_id && other.colour === a.colour && other.size !== a.size,
        );
        if (b) {
          used.add(a.id).add(b.id);
          allPairs.push([a, b] as const);
        }
      }
    }
    if (n >= allPairs.length) throw new Error('out of size pairs');
    return allPairs[n];
  }

  /**
   * A delivered order of 2 × `big` and 1 × `other`, each at its own price. Each call takes fresh
   * variants (unless a pair is given), so the stock a test checks is its own.
   */
  let pairs = 0;
  /** The next size pair no order of this file has used. */
  const nextPair = () => sizePairNumber(pairs++);
  async function deliveredOrder(who: Shopper, pair?: readonly [Sized, Sized]) {
    const [big, small] = pair ?? (await nextPair());
    const other = api.stocked.find((v) => v.product_id !== big.product_id)!;
    await setVariant(api, big.id, { price: 4_000, stock_quantity: 20 });
    await setVariant(api, small.id, { price: 4_000, stock_quantity: 20 });
    await setVariant(api, other.id, { price: 3_000, stock_quantity: 50 });
    const purchaseId = await buyThroughCheckout(api, who, [
      { id: big.id, quantity: 2 },
      { id: other.id, quantity: 1 },
    ]);
    expect(
      (await admin('POST', 'orders/ship', { order: purchaseId, carrier: 'BRT', tracking: `BRT ${purchaseId.slice(0, 6)}` })).status,
    ).toBe(200);
    expect((await admin('POST', 'orders/deliver', { order: purchaseId })).status).toBe(200);
    const options = await who.get(`/api/returns/purchase/${purchaseId}`);
    expect(options.status).toBe(200);
    const lineOf = (sku: string) => options.body.lines.find((line: { sku: string }) => line.sku === sku);
    return { purchaseId, big, small, other, options: options.body, lineBig: lineOf(big.sku), lineOther: lineOf(other.sku) };
  }

  /** A staff member and an owner, signed in now (again after the clock has moved past their sessions). */
  async function team() {
    const staff = await staffMember(api, 'staff');
    const owner = await staffMember(api, 'owner');
    return {
      staffHeaders: { Authorization: `Bearer ${staff.token}` },
      ownerHeaders: { Authorization: `Bearer ${owner.token}` },
      ownerEmail: owner.email,
    };
  }

  return { admin, sizePairNumber, nextPair, deliveredOrder, team };
}
