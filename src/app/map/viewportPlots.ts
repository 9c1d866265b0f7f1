import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import { http, unwrap } from '../api/client';
import type { Bbox } from './geo';

/** What the map shows: its bounds and zoom, as BaseMap's onViewChange reports them. */
export interface MapView {
  bbox: Bbox;
  zoom: number;
}

/** A lahan in view (docs/API.md, `GET /lahan?bbox=`): its boundary, or its centroid when it has none. */
export interface PlotProperties {
  id: number;
  nama_lahan: string;
  luas_lahan: number;
  luas_terukur: number | null;
  luas_berbeda?: boolean;
  status: string;
  category_name?: string | null;
  cluster?: false;
}

/** Many lahan grouped by the server, at the mean centroid of its grid cell. */
export interface ClusterProperties {
  cluster: true;
  count: number;
  /** The cell's bounds, when the server sends them: a click zooms to them. */
  bbox?: Bbox;
}

export type PlotFeature = Feature<Polygon | Point, PlotProperties>;
export type ClusterFeature = Feature<Point, ClusterProperties>;
export type ViewportFeature = PlotFeature | ClusterFeature;
export interface ViewportPlots extends Omit<FeatureCollection, 'features'> {
  features: ViewportFeature[];
  /** The lahan in view matching the filters (docs/API.md), whether drawn as plots or clusters. */
  total?: number;
  mode?: 'plots' | 'clusters';
  /** The clusters were grouped from the first `total` matching lahan read, of more: each count is a lower bound. */
  capped?: boolean;
}

export const isCluster = (feature: ViewportFeature): feature is ClusterFeature =>
  feature.properties?.cluster === true;

/** List filters as the API takes them: empty values are not sent. */
export type Filters = Record<string, unknown>;

const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));
// Six decimals are about 0.1 m: finer adds nothing to a view and makes every request's address differ.
const degrees = (value: number, limit: number) => String(Number(clamp(value, limit).toFixed(6)));

/**
 * The `bbox` parameter of a view. Leaflet's bounds run past ±180°/±90° when zoomed far out: the API's bbox is
 * WGS84, so they are clamped to it.
 */
export function bboxParam([minLon, minLat, maxLon, maxLat]: Bbox): string {
  return [degrees(minLon, 180), degrees(minLat, 90), degrees(maxLon, 180), degrees(maxLat, 90)].join(',');
}

/** The query of one viewport request: the list's filters (empty ones left out) and the view's bbox. */
export function viewportParams(view: MapView, filters: Filters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    params[key] = String(value);
  }
  params.bbox = bboxParam(view.bbox);
  return params;
}

/** Reads the plots or clusters in view from `path` (the list route, e.g. `/lahan`); `signal` cancels it. */
export type ViewportFetcher = (params: Record<string, string>, signal: AbortSignal) => Promise<ViewportPlots>;

export const fetchViewportPlots =
  (path: string): ViewportFetcher =>
  async (params, signal) => {
    const answer = unwrap<ViewportPlots | null>(await http.get(path, { params, signal }));
    return answer && Array.isArray(answer.features) ? answer : { type: 'FeatureCollection', features: [] };
  };
