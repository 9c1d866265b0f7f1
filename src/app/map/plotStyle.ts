import type { PathOptions } from 'leaflet';
import { LAHAN_STATUSES } from '../../shared/constants';
import { lahanStatusLabel } from '../../shared/statusLabels';
import type { PlotProperties } from './viewportPlots';

/** A plot's colour by its status; each at least 3:1 against the outline's land and the tiles' pale ground. */
export const STATUS_COLOURS: Record<string, string> = {
  active: '#15803d',
  pending: '#b45309',
  negotiation: '#1d4ed8',
  on_going: '#0e7490',
  completed: '#7e22ce',
  inactive: '#4b5563',
  rejected: '#b91c1c',
};

const colourOf = (status: string) => STATUS_COLOURS[status === 'aktif' ? 'active' : status] ?? '#4b5563';

/** A flagged plot (measured and declared area differ by more than 20 %) is outlined with dashes. */
export const FLAGGED_DASHES = '6 5';

export function plotPathOptions(plot: PlotProperties): PathOptions {
  const colour = colourOf(plot.status);
  return {
    className: plot.luas_berbeda ? 'tm-plot tm-plot-flagged' : 'tm-plot',
    color: colour,
    fillColor: colour,
    fillOpacity: 0.35,
    weight: plot.luas_berbeda ? 3 : 2,
    dashArray: plot.luas_berbeda ? FLAGGED_DASHES : undefined,
  };
}

/** The legend's rows: each status with its label and colour. */
export const STATUS_LEGEND = LAHAN_STATUSES.map((status) => ({
  status,
  label: lahanStatusLabel(status),
  colour: colourOf(status),
}));
