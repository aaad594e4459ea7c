import { Link } from '@remix-run/react';

import type { LedgerEntry } from '@contract/api/gift-cards';
import { formatEuro } from '@contract/money';
import { formatLaunchTime } from '@contract/shop-time';

import { type MessageKey, useI18n } from '~/lib/i18n';

import { TableScroll } from './table-scroll';

/** The table's words: the customers' area's (admin-people), which each page showing it loads. */
const WORDS = {
  none: 'adminPeople.ledger.none',
  when: 'adminPeople.ledger.when',
  change: 'adminPeople.ledger.change',
  balance: 'adminPeople.ledger.balance',
  why: 'adminPeople.ledger.why',
  who: 'adminPeople.ledger.who',
  order: 'adminPeople.ledger.order',
} satisfies Record<string, MessageKey>;

/** A gift card's or a customer's balance changes (ADR 052), with the running balance, in the member's language. */
export function LedgerTable({ entries, label }: { entries: readonly LedgerEntry[]; label: string }) {
  const { locale, t } = useI18n();
  const say = (word: keyof typeof WORDS) => t(WORDS[word]);
  if (entries.length === 0) return <p>{say('none')}</p>;
  let running = 0;
  const rows = entries.map((entry) => ({ ...entry, balance: (running += entry.amount) }));
  return (
    <TableScroll label={label}>
      <table className="admin-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{say('when')}</th>
            <th scope="col">{say('change')}</th>
            <th scope="col">{say('balance')}</th>
            <th scope="col">{say('why')}</th>
            <th scope="col">{say('who')}</th>
            <th scope="col">{say('order')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <td>{formatLaunchTime(row.created_at, undefined, locale)}</td>
              <td>{`${row.amount > 0 ? '+' : '-'}${formatEuro(Math.abs(row.amount), locale)}`}</td>
              <td>{formatEuro(row.balance, locale)}</td>
              <td>{row.reason}</td>
              <td>{row.actor}</td>
              <td>{row.purchase_id ? <Link to={`/admin/orders/${row.purchase_id}`}>{say('order')}</Link> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
