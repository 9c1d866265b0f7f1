import { formatArea } from '../../shared/format-id';
import { areasDiffer, previewArea, type Gps } from './boundary';
import { MAP_TEXT as T } from './messages';

/** Equal geometries (the saved one is still on the map: the server's measure applies). */
const sameGps = (a: Gps | undefined, b: Gps | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export interface BoundaryNotesProps {
  id: string;
  value: Gps;
  /** The declared area (luas_lahan, m²) as the form holds it now. */
  declaredArea?: number;
  /** The saved gps and the server's luas_terukur of it. */
  saved?: { gps: Gps; luas_terukur: number | null };
  /** The refusal of the boundary (the browser's check or the server's, field gps), shown where the map is. */
  error?: string;
}

/**
 * Under the map: the measured area beside the declared one (the server's measure of the saved boundary, or the
 * browser's preview of a new one), the warning when they differ by more than 20 %, and the boundary's error.
 */
export function BoundaryNotes({ id, value, declaredArea, saved, error }: BoundaryNotesProps) {
  const fromServer = saved && sameGps(value, saved.gps) && saved.luas_terukur !== null;
  const measured =
    value?.type !== 'Polygon' ? null : fromServer ? saved!.luas_terukur : error ? null : previewArea(value);
  const declared = declaredArea !== undefined && declaredArea > 0 ? declaredArea : undefined;
  return (
    <div className="tm-boundary-notes" id={id}>
      {!value && <p>{T.noBoundary}</p>}
      {value?.type === 'Point' && <p>{T.pin}</p>}
      {measured !== null && (
        <dl className="tm-area-compare">
          <div>
            <dt>{fromServer ? T.measuredServer : T.measuredPreview}</dt>
            <dd>{formatArea(Math.round(measured))}</dd>
          </div>
          {declared !== undefined && (
            <div>
              <dt>{T.declared}</dt>
              <dd>{formatArea(declared)}</dd>
            </div>
          )}
        </dl>
      )}
      {measured !== null && areasDiffer(declared, measured) && <p className="tm-map-warning">{T.differs}</p>}
      {error && (
        <p className="tm-map-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
