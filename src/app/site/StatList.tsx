/** Figures shown as large values under their labels. */
export function StatList({ stats }: { stats: readonly { label: string; value: string }[] }) {
  return (
    <dl className="stats">
      {stats.map((s) => (
        <div key={s.label}>
          <dt>{s.label}</dt>
          <dd>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
