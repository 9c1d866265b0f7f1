import { STATUS_LEGEND } from './plotStyle';

/** What the colours and the dashes on the map mean (the map itself says it to no screen reader). */
export function PlotsLegend({ statuses }: { statuses?: readonly string[] }) {
  const shown = statuses ? STATUS_LEGEND.filter((s) => statuses.includes(s.status)) : STATUS_LEGEND;
  return (
    <ul className="tm-plots-legend" aria-label="Keterangan peta">
      {shown.map(({ status, label, colour }) => (
        <li key={status}>
          <span className="tm-plots-swatch" style={{ color: colour, background: `${colour}59` }} />
          {label}
        </li>
      ))}
      <li>
        <span className="tm-plots-swatch tm-plots-swatch-flagged" />
        Luas terukur beda &gt; 20 % dari luas tercatat
      </li>
    </ul>
  );
}
