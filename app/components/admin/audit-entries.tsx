import type { AuditEntry } from '@contract/api/staff';

/** `{"stock_quantity": 3}` as `stock quantity 3`: what a change set, readable in a table cell or a history line. */
export function describeChange(values: AuditEntry['before']): string {
  if (!values) return '';
  return Object.entries(values)
    .map(([key, value]) => `${key.replace(/_/g, ' ')} ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}
