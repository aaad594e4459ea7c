import type { ReactNode } from 'react';

/**
 * A back-office table in a box that scrolls sideways on a narrow screen. The box can be focused and
 * is named, so a keyboard reaches what is off to the side (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
