import type { ReactNode } from 'react';

/** Labels and their values, as the contract's terms and its statement show them. */
export function TermList({ rows, label }: { rows: [string, ReactNode][]; label?: string }) {
  return (
    <dl className="terms" aria-label={label}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
