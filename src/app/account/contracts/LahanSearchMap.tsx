import { useState } from 'react';
import { errorMessage, http, unwrap } from '../../api/client';
import PlotsMap from '../../map/PlotsMap';
import { fetchViewportPlots, type Filters, type PlotFeature } from '../../map/viewportPlots';
import { formatArea } from '../../site/format';
import type { LahanOffer } from './api';

const fetchPlots = fetchViewportPlots('/lahan');
/** Only active lahan show on the mitra's map: the legend explains that one colour. */
const STATUSES = ['active'];

const fetchLahan = async (id: number) => unwrap<LahanOffer>(await http.get(`/lahan/${id}`));

/** A plot's popup: both areas (declared and measured), its category, and the list's action, the offer. */
export function PlotPopup({ plot, onChoose }: { plot: PlotFeature; onChoose(lahan: LahanOffer): void }) {
  const p = plot.properties;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const offer = async () => {
    setBusy(true);
    setError(null);
    try {
      onChoose(await fetchLahan(p.id));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <strong>{p.nama_lahan}</strong>
      <dl className="tm-plot-popup">
        <dt>Luas tercatat</dt>
        <dd>{formatArea(p.luas_lahan)}</dd>
        <dt>Luas terukur (peta)</dt>
        <dd>
          {p.luas_terukur === null ? 'Belum diukur' : formatArea(p.luas_terukur)}
          {p.luas_berbeda && ' — berbeda lebih dari 20 %'}
        </dd>
        <dt>Kategori</dt>
        <dd>{p.category_name ?? '-'}</dd>
      </dl>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void offer()}>
        Ajukan penawaran
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}

/** The mitra's search as a map: the same filters as the list, the plots in view, an offer from a plot's popup. */
export default function LahanSearchMap({
  filters,
  onChoose,
}: {
  /** The search's filters, already scoped to what a mitra may offer on (api.ts OFFERABLE). */
  filters: Filters;
  onChoose(lahan: LahanOffer): void;
}) {
  return (
    <PlotsMap
      ariaLabel="Peta lahan yang dapat ditawar"
      filters={filters}
      fetchPlots={fetchPlots}
      statuses={STATUSES}
      popup={(plot) => <PlotPopup plot={plot} onChoose={onChoose} />}
    />
  );
}
