import './boundary-field.css';
import { lazy, Suspense } from 'react';
import type { Gps } from './boundary';
import { MAP_TEXT as T } from './messages';

const BoundaryView = lazy(() => import('./BoundaryView'));

/** A lahan's boundary to look at, Leaflet loaded with it; without gps, a line saying there is none. */
export function BoundaryMap({ gps, ariaLabel }: { gps: Gps | undefined; ariaLabel: string }) {
  if (!gps) return <p className="tm-map-none">{T.noBoundaryYet}</p>;
  return (
    <Suspense fallback={<p className="tm-map-loading">{T.loading}</p>}>
      <BoundaryView gps={gps} ariaLabel={ariaLabel} />
    </Suspense>
  );
}
