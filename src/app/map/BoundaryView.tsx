import { CircleMarker, Polygon } from 'react-leaflet';
import BaseMap from './BaseMap';
import { boundsOfGps, cornersOf, type Gps } from './boundary';
import { toLatLng } from './geo';

const STYLE = { color: '#b45309', weight: 3, fillColor: '#facc15', fillOpacity: 0.25 };

/** A lahan's saved boundary (or pin) on the map, to look at (BoundaryMap.tsx loads it lazily). */
export default function BoundaryView({ gps, ariaLabel }: { gps: NonNullable<Gps>; ariaLabel: string }) {
  return (
    <BaseMap ariaLabel={ariaLabel} bounds={boundsOfGps(gps)} height="clamp(220px, 40vh, 360px)">
      {gps.type === 'Polygon' ? (
        <Polygon positions={cornersOf(gps).map(toLatLng)} pathOptions={STYLE} interactive={false} />
      ) : (
        <CircleMarker center={toLatLng(gps.coordinates)} radius={8} pathOptions={STYLE} interactive={false} />
      )}
    </BaseMap>
  );
}
