import type { Demand } from '@contract/api/insights';

import { TableScroll } from './table-scroll';

/** Demand per variant, most wanted first (issue 41): what to restock or re-drop. */
export function DemandTable({ demand, abandonedHours }: { demand: Demand; abandonedHours: number }) {
  if (!demand.length) return <p>No demand yet: nobody waits for, wishes for or has bought a variant.</p>;
  return (
    <TableScroll label="Demand per variant">
      <table className="admin-table">
        <caption>
          Per variant, most wanted first: Notify Me requests waiting, requests naming it or its product, carts holding it untouched for{' '}
          {abandonedHours} hours or more, and units sold since launch against what is left
        </caption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">SKU</th>
            <th scope="col">In stock</th>
            <th scope="col">Notify Me waiting</th>
            <th scope="col">Wishlists</th>
            <th scope="col">Carts abandoned</th>
            <th scope="col">Sold</th>
            <th scope="col">Sell-through</th>
          </tr>
        </thead>
        <tbody>
          {demand.map((row) => (
            <tr key={row.sku}>
              <th scope="row">
                {row.product_name}
                {row.variant ? ` (${row.variant})` : ''}
              </th>
              <td>{row.sku}</td>
              <td>{row.stock_quantity}</td>
              <td>{row.notify_waiting}</td>
              <td>{row.wishlists}</td>
              <td>{row.carts_abandoned}</td>
              <td>{row.sold}</td>
              <td>{Math.round(row.sell_through * 100)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
