import { Link } from '@remix-run/react';

import type { LedgerEntry } from '@contract/api/gift-cards';
import { formatEuro } from '@contract/money';
import { formatLaunchTime } from '@contract/shop-time';

import { TableScroll } from './table-scroll';

/** A gift card's or a customer's balance changes (ADR 052), with the running balance. */
export function LedgerTable({ entries, label }: { entries: readonly LedgerEntry[]; label: string }) {
  if (entries.length === 0) return <p>No changes yet.</p>;
  let running = 0;
  const rows = entries.map((entry) => ({ ...entry, balance: (running += entry.amount) }));
  return (
    <TableScroll label={label}>
      <table className="admin-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Change</th>
            <th scope="col">Balance</th>
            <th scope="col">Why</th>
            <th scope="col">Who</th>
            <th scope="col">Order</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <td>{formatLaunchTime(row.created_at)}</td>
              <td>{`${row.amount > 0 ? '+' : '-'}${formatEuro(Math.abs(row.amount))}`}</td>
              <td>{formatEuro(row.balance)}</td>
              <td>{row.reason}</td>
              <td>{row.actor}</td>
              <td>{row.purchase_id ? <Link to={`/admin/orders/${row.purchase_id}`}>Order</Link> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
