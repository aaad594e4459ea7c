import { describe, expect, it } from 'vitest';

import { copiesOfOrder } from '../../../tests/support/order-copies';
import { buyThroughCheckout, shopper } from '../../../tests/support/shopper';
import { cliHeaders, staffMember } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { readOutbox } from '../services/mail';

// A CSV of a day's shipments is applied once: uploaded twice at the same moment (two members, or a
// double click) or again later, each order is shipped once and each buyer mailed once (ADR 067).
const api = useTestApi();

async function upload(token: string | null, csv: string) {
  const res = await api.app.request('/api/admin/orders/ship-csv', {
    method: 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : cliHeaders), 'Content-Type': 'application/json' },
    body: JSON.stringify({ csv }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { applied: boolean; shipped: unknown[]; already_shipped: unknown[]; errors: unknown[] };
}

describe('a CSV of 50 shipments', () => {
  it('ships each order once and mails each buyer once, uploaded three times at once and again after', async () => {
    const buyer = shopper(api);
    await buyer.register();
    const first = await buyThroughCheckout(api, buyer, [{ id: api.stocked[0].id }]);
    const orders = await copiesOfOrder(api, first, 50);
    const csv = [
      'Order number,Carrier,Tracking',
      ...orders.map((order, i) => `${order.number},${i % 2 ? 'BRT' : 'GLS'},TRK${1000 + i}`),
    ].join('\n');
    const [staff, owner] = await Promise.all([staffMember(api, 'staff'), staffMember(api, 'owner')]);
    const mailedBefore = (await readOutbox(api.database.db, buyer.email!)).length;

    const reports = await Promise.all([upload(staff.token, csv), upload(owner.token, csv), upload(null, csv)]);
    reports.push(await upload(staff.token, csv));

    expect(reports.every((report) => report.applied && report.errors.length === 0)).toBe(true);
    expect(reports.map((report) => report.shipped.length).reduce((a, b) => a + b)).toBe(50);
    for (const report of reports) expect(report.shipped.length + report.already_shipped.length).toBe(50);

    const ids = orders.map((order) => order.id);
    const db = api.database.db;
    const shipped = await db.selectFrom('purchases').select(['status', 'tracking_number']).where('id', 'in', ids).execute();
    expect(shipped.every((row) => row.status === 'Shipped' && row.tracking_number?.startsWith('TRK'))).toBe(true);
    const audits = await db
      .selectFrom('audit_log')
      .select('subject_id')
      .where('action', '=', 'order.ship')
      .where('subject_id', 'in', ids)
      .execute();
    expect(audits).toHaveLength(50);
    expect(new Set(audits.map((row) => row.subject_id)).size).toBe(50);
    expect(await db.selectFrom('audit_log').select('id').where('action', '=', 'orders.ship_csv').execute()).toHaveLength(4);

    const mails = (await readOutbox(db, buyer.email!))
      .slice(0, -mailedBefore || undefined)
      .filter((mail) => mail.subject.endsWith('has shipped'));
    expect(mails).toHaveLength(50);
    expect(new Set(mails.map((mail) => mail.subject)).size).toBe(50);
  });
});
