import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import 'leaflet/dist/leaflet.css';
import './map.css';
import type { GeoJsonObject } from 'geojson';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  AttributionControl,
  GeoJSON,
  MapContainer,
  Pane,
  TileLayer,
  useMap,
  useMapEvents,
  ZoomControl,
} from 'react-leaflet';
import { INDONESIA_BBOX, toBbox, toLatLng, toLatLngBounds, type Bbox, type LonLat } from './geo';
import outline from './indonesia-outline.json';
import { useMapConfig, type MapConfig } from './mapConfig';

export interface BaseMapProps {
  /** The map's accessible name, e.g. "Peta lahan". */
  ariaLabel: string;
  /** The id of a text describing how to use the map (e.g. drawing with the keyboard): its aria-describedby. */
  describedBy?: string;
  /** Area to show, [minLon, minLat, maxLon, maxLat]; wins over center/zoom. Refits whenever its value changes. */
  bounds?: Bbox;
  /** [lon, lat] with `zoom`, when no `bounds`. Without either, the map shows all of Indonesia. */
  center?: LonLat;
  zoom?: number;
  /** Called once the map shows and after every pan or zoom, with the visible bbox and the zoom level. */
  onViewChange?: (bbox: Bbox, zoom: number) => void;
  /** CSS height of the map (its width is its container's). Default: 60% of the screen, 260–480 px. */
  height?: CSSProperties['height'];
  className?: string;
  /** react-leaflet layers (GeoJSON, CircleMarker…) and controls, drawn above the outline. */
  children?: ReactNode;
}

const LEAFLET_PREFIX = '<a href="https://leafletjs.com">Leaflet</a>';

/** Names the focusable map container (Leaflet makes it tabindex=0; the arrow keys pan, + and − zoom). */
function AccessibleName({ label, describedBy }: { label: string; describedBy?: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    container.setAttribute('aria-roledescription', 'peta');
    if (describedBy) container.setAttribute('aria-describedby', describedBy);
    else container.removeAttribute('aria-describedby');
  }, [map, label, describedBy]);
  return null;
}

/** Reports the view, and keeps Leaflet's size in step with its box (a form that opens, a rotated phone). */
function ViewWatcher({ bounds, onViewChange }: Pick<BaseMapProps, 'bounds' | 'onViewChange'>) {
  const map = useMap();
  const report = useRef(onViewChange);
  useEffect(() => {
    report.current = onViewChange;
  });
  useMapEvents({ moveend: () => report.current?.(toBbox(map.getBounds()), map.getZoom()) });
  useEffect(() => {
    report.current?.(toBbox(map.getBounds()), map.getZoom());
  }, [map]);

  const boundsKey = bounds?.join(',');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false); // MapContainer opened on them already
    if (bounds) map.fitBounds(toLatLngBounds(bounds));
  }, [map, boundsKey]); // eslint-disable-line react-hooks/exhaustive-deps -- the value, not the array

  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * Indonesia's outline (shipped with the app), drawn from the frame after the map opens: projecting it (50-130 ms
 * on a busy machine) in the map's first effects would come before ViewWatcher, beside it, has reported the first
 * view, and so before that view's plots are asked for; a frame later it is drawn while they are on their way.
 * `land`: filled as the land (no tiles shown), else only a line over the tiles.
 */
function Outline({ land }: { land: boolean }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Pane name="tm-outline" style={{ zIndex: 250 }}>
      {shown && (
        <GeoJSON
          data={outline as GeoJsonObject}
          interactive={false}
          style={{ color: '#166534', weight: 1, fillColor: '#f4f1e6', fillOpacity: land ? 1 : 0 }}
        />
      )}
    </Pane>
  );
}

function BaseLayer({
  config,
  satellite,
  onTile,
}: {
  config: MapConfig;
  satellite: boolean;
  onTile: () => void;
}) {
  const url = satellite ? config.satellite_tile_url : config.tile_url;
  if (!url) return null;
  const attribution = (satellite ? config.satellite_attribution : config.tile_attribution) ?? '';
  return (
    <TileLayer
      key={url}
      url={url}
      attribution={attribution}
      maxZoom={19}
      crossOrigin={false}
      eventHandlers={{ tileload: onTile }}
    />
  );
}

/**
 * The one map of the app (src/app/map/README.md): the configured base tiles with their attribution, a
 * satellite switch when the server has satellite tiles, and Indonesia's outline (shipped with the app) under
 * everything else, so that with no network it still shows the country and the plots.
 */
export default function BaseMap({
  ariaLabel,
  describedBy,
  bounds,
  center,
  zoom,
  onViewChange,
  height = 'clamp(260px, 60vh, 480px)',
  className,
  children,
}: BaseMapProps) {
  const config = useMapConfig();
  const [satellite, setSatellite] = useState(false);
  // Until a tile arrives the outline is the land; once tiles show, it is only a line over them.
  const [tilesShown, setTilesShown] = useState(false);
  const view =
    bounds || !center
      ? { bounds: toLatLngBounds(bounds ?? INDONESIA_BBOX) }
      : { center: toLatLng(center), zoom: zoom ?? 13 };

  return (
    <div className={['tm-map', className].filter(Boolean).join(' ')} style={{ height }}>
      <MapContainer
        {...view}
        zoomControl={false}
        attributionControl={false}
        minZoom={3}
        maxZoom={19}
        worldCopyJump
        style={{ height: '100%', width: '100%' }}
      >
        <AccessibleName label={ariaLabel} describedBy={describedBy} />
        <ViewWatcher bounds={bounds} onViewChange={onViewChange} />
        <ZoomControl position="topleft" zoomInTitle="Perbesar" zoomOutTitle="Perkecil" />
        <AttributionControl position="bottomright" prefix={LEAFLET_PREFIX} />
        {config && <BaseLayer config={config} satellite={satellite} onTile={() => setTilesShown(true)} />}
        <Outline land={!tilesShown} />
        {children}
      </MapContainer>
      {config?.satellite_tile_url && (
        <button
          type="button"
          className="tm-map-layer-switch"
          aria-pressed={satellite}
          onClick={() => {
            setTilesShown(false);
            setSatellite((s) => !s);
          }}
        >
          Satelit
        </button>
      )}
    </div>
  );
}
