export type ListOrMap = 'list' | 'map';

const VIEWS: { value: ListOrMap; label: string }[] = [
  { value: 'list', label: 'Daftar' },
  { value: 'map', label: 'Peta' },
];

/** "Daftar | Peta": two pressed-or-not buttons, the list being the way in for a reader who cannot use the map. */
export function ViewToggle({
  view,
  onChange,
  label,
}: {
  view: ListOrMap;
  onChange(view: ListOrMap): void;
  label: string;
}) {
  return (
    <div role="group" aria-label={label} style={{ display: 'flex', gap: 8, margin: '12px 0' }}>
      {VIEWS.map((v) => (
        <button
          key={v.value}
          type="button"
          className={view === v.value ? 'btn btn-primary' : 'btn btn-outline'}
          aria-pressed={view === v.value}
          onClick={() => onChange(v.value)}
        >
          {v.label}
        </button>
      ))}
    </div>
  );
}
