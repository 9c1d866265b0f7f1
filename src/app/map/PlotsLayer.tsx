import L, { type LatLng } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { formatArea } from '../site/format';
import { toLatLngBounds } from './geo';
import { MAP_TEXT } from './messages';
import { plotPathOptions } from './plotStyle';
import { isCluster, type ClusterFeature, type PlotFeature, type ViewportPlots } from './viewportPlots';

export interface PlotsLayerProps {
  /** The answer of `GET /lahan?bbox=` (useViewportPlots); null draws nothing. */
  data: ViewportPlots | null;
  /** A plot was clicked (or tapped) at `at`. Clusters zoom in by themselves. */
  onPlotClick(plot: PlotFeature, at: LatLng): void;
}

/** A cluster's name; `capped`: counted from part of the matching lahan (the answer's `capped`), so at least. */
const clusterLabel = (count: number, capped: boolean) =>
  capped
    ? MAP_TEXT.clusterAtLeast(count.toLocaleString('id-ID'))
    : `${count.toLocaleString('id-ID')} lahan, perbesar untuk melihatnya`;
// "3,9 rb", "1,2 jt" (in a small circle "4 rb"): the exact count is in the marker's name.
const compact = [0, 1].map(
  (digits) => new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: digits }),
);

/** A cluster's circle fits its grid cell on screen (neighbours do not cover each other), 30-48 px across. */
function clusterSize(map: L.Map, cluster: ClusterFeature): number {
  const cell = cluster.properties.bbox;
  if (!cell) return 40;
  const span = map.project([cell[3], cell[2]]).subtract(map.project([cell[1], cell[0]]));
  return Math.round(Math.min(48, Math.max(30, Math.min(Math.abs(span.x), Math.abs(span.y)) - 4)));
}

/** Zooms into a cluster: to its cell when the server sent it, else two levels around it. */
function zoomInto(map: L.Map, cluster: ClusterFeature) {
  const [lon, lat] = cluster.geometry.coordinates as [number, number];
  const next = map.getZoom() + 2;
  const cell = cluster.properties.bbox;
  if (!cell) return void map.setView([lat, lon], next);
  const bounds = L.latLngBounds(toLatLngBounds(cell) as L.LatLngBoundsLiteral);
  map.setView(bounds.getCenter(), Math.max(map.getBoundsZoom(bounds), map.getZoom() + 1));
}

function clusterMarker(map: L.Map, cluster: ClusterFeature, capped: boolean): L.Marker {
  const { count } = cluster.properties;
  const size = clusterSize(map, cluster);
  const [lon, lat] = cluster.geometry.coordinates as [number, number];
  const marker = L.marker([lat, lon], {
    icon: L.divIcon({
      className: size < 36 ? 'tm-cluster tm-cluster-small' : 'tm-cluster',
      html: `<span>${compact[size < 36 ? 0 : 1]!.format(count)}${capped ? '+' : ''}</span>`,
      iconSize: [size, size],
    }),
    keyboard: true,
    title: clusterLabel(count, capped),
  });
  marker.on('click', () => zoomInto(map, cluster));
  // Leaflet makes the marker a focusable button; Enter and Space press it as a click does.
  marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
    const key = event.originalEvent.key;
    if (key === 'Enter' || key === ' ') zoomInto(map, cluster);
  });
  marker.on('add', () => marker.getElement()?.setAttribute('aria-label', clusterLabel(count, capped)));
  return marker;
}

/** Below this many pixels across, a boundary is drawn as a dot: Leaflet would draw it as nothing to see or press. */
const SMALLEST_BOUNDARY_PX = 8;

const dot = (at: L.LatLng, style: L.PathOptions) =>
  L.circleMarker(at, { ...style, radius: 7, fillOpacity: 0.7 });

function plotLayer(map: L.Map, plot: PlotFeature, onClick: (plot: PlotFeature, at: LatLng) => void): L.Layer {
  const style = plotPathOptions(plot.properties);
  // A lahan without a boundary is its centroid: a dot of the same colour.
  let layer: L.Layer = L.geoJSON(plot, { style: () => style, pointToLayer: (_point, at) => dot(at, style) });
  if (plot.geometry.type === 'Polygon') {
    const bounds = (layer as L.GeoJSON).getBounds();
    const size = map.project(bounds.getNorthEast()).subtract(map.project(bounds.getSouthWest()));
    if (Math.max(Math.abs(size.x), Math.abs(size.y)) < SMALLEST_BOUNDARY_PX)
      layer = dot(bounds.getCenter(), style);
  }
  // Text, not HTML: Leaflet writes a string tooltip as markup, and a lahan's name is what its owner typed.
  const tip = document.createElement('span');
  tip.textContent = `${plot.properties.nama_lahan} · ${formatArea(plot.properties.luas_lahan)}`;
  layer.bindTooltip(tip, { sticky: true });
  layer.on('click', (event: L.LeafletMouseEvent) => onClick(plot, event.latlng));
  return layer;
}

/**
 * Draws a viewport answer: each plot as its boundary (or a dot at its centroid) coloured by status, dashed
 * when its areas differ; each cluster as a circle with its count that zooms in when pressed. One Leaflet layer
 * group replaced per answer: up to 2,000 features drawn at once, not one React element each.
 */
export function PlotsLayer({ data, onPlotClick }: PlotsLayerProps) {
  const map = useMap();
  const click = useRef(onPlotClick);
  useEffect(() => {
    click.current = onPlotClick;
  });

  useEffect(() => {
    if (!data) return;
    const group = L.featureGroup();
    for (const feature of data.features) {
      group.addLayer(
        isCluster(feature)
          ? clusterMarker(map, feature, data.capped === true)
          : plotLayer(map, feature, (plot, at) => click.current(plot, at)),
      );
    }
    group.addTo(map);
    return () => void group.remove();
  }, [map, data]);

  return null;
}
