import './plots.css';
import type { LatLng } from 'leaflet';
import { useState, type ReactNode } from 'react';
import { Popup } from 'react-leaflet';
import { formatNumber } from '../site/format';
import BaseMap from './BaseMap';
import type { Bbox } from './geo';
import { PlotsLayer } from './PlotsLayer';
import { PlotsLegend } from './PlotsLegend';
import { MAP_TEXT } from './messages';
import { useViewportPlots } from './useViewportPlots';
import {
  isCluster,
  type Filters,
  type MapView,
  type PlotFeature,
  type ViewportFetcher,
  type ViewportPlots,
} from './viewportPlots';

export interface PlotsMapProps {
  /** The map's accessible name. */
  ariaLabel: string;
  /** The list's filters, the same the list beside it is asked with. */
  filters: Filters;
  /** Reads a view (fetchViewportPlots of the list's route). Keep it stable (module level or memoised). */
  fetchPlots: ViewportFetcher;
  /** A plot was pressed: open it. Without it, `popup` shows the plot where it was pressed. */
  onOpen?(plot: PlotFeature): void;
  /** What a plot's popup holds (with no `onOpen`). */
  popup?(plot: PlotFeature): ReactNode;
  /** The statuses the legend explains (default: all). */
  statuses?: readonly string[];
  height?: string;
}

/** The sentence under the map: how many lahan are in view, and whether they are grouped. */
function summary(data: ViewportPlots): string {
  let plots = 0;
  let grouped = 0;
  for (const feature of data.features) {
    if (isCluster(feature)) grouped += feature.properties.count;
    else plots++;
  }
  const count = data.total ?? plots + grouped;
  if (data.capped) return MAP_TEXT.cappedSummary(formatNumber(count));
  if (count === 0) return 'Tidak ada lahan di bagian peta ini.';
  const total = `${formatNumber(count)} lahan di bagian peta ini`;
  return grouped > 0 ? `${total}, dikelompokkan: perbesar peta untuk melihat batas lahan.` : `${total}.`;
}

/**
 * Every lahan in view on one map (src/app/map/README.md): the plots or the server's clusters of the list's
 * route for the map's bbox and the list's filters, read again as the map moves; a plot opens or shows its popup.
 */
export default function PlotsMap({
  ariaLabel,
  filters,
  fetchPlots,
  onOpen,
  popup,
  statuses,
  height,
}: PlotsMapProps) {
  const [view, setView] = useState<MapView | null>(null);
  const { data, loading, error } = useViewportPlots(view, filters, fetchPlots);
  const [chosen, setChosen] = useState<{ plot: PlotFeature; at: LatLng } | null>(null);

  const press = (plot: PlotFeature, at: LatLng) => (onOpen ? onOpen(plot) : setChosen({ plot, at }));
  const status = error ?? (data ? summary(data) : loading ? 'Memuat lahan…' : '');

  return (
    <div className="tm-plots-map">
      <BaseMap
        ariaLabel={ariaLabel}
        height={height}
        onViewChange={(bbox: Bbox, zoom: number) => setView({ bbox, zoom })}
      >
        <PlotsLayer data={data} onPlotClick={press} />
        {chosen && popup && (
          <Popup
            key={chosen.plot.properties.id}
            position={chosen.at}
            className="tm-plot-popup-wrap"
            maxWidth={190}
            // Clear of the zoom buttons at the top left: on a phone the popup is nearly as wide as the map.
            autoPanPaddingTopLeft={[56, 12]}
            autoPanPaddingBottomRight={[8, 12]}
            eventHandlers={{ remove: () => setChosen(null) }}
          >
            {popup(chosen.plot)}
          </Popup>
        )}
      </BaseMap>
      <p className="tm-plots-status" role={error ? 'alert' : 'status'} aria-busy={loading}>
        {status}
      </p>
      <PlotsLegend statuses={statuses} />
    </div>
  );
}
