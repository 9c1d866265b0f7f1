import './boundary-field.css';
import { createContext, lazy, Suspense, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { Gps } from './boundary';
import type { BoundaryEditorProps } from './BoundaryEditor';
import { BoundaryNotes, type BoundaryNotesProps } from './BoundaryNotes';
import { MAP_TEXT as T } from './messages';

/** Leaflet and Geoman load with the first boundary field opened, not with the form's screen. */
const BoundaryEditor = lazy(() => import('./BoundaryEditor'));

/** The map a boundary field draws on; a test gives a stand-in through the context (jsdom draws no map). */
export const BoundaryEditorContext = createContext<(props: BoundaryEditorProps) => ReactNode>((props) => (
  <BoundaryEditor {...props} />
));

export interface BoundaryFieldProps extends Omit<BoundaryNotesProps, 'id'> {
  id: string;
  onChange: (gps: Gps) => void;
  disabled?: boolean;
}

/**
 * A lahan's boundary in a form (/akun and the panel alike): the map to draw, edit or walk it on, and under it
 * the measured area against the declared one and the boundary's error, which is brought into view when it comes.
 */
export function BoundaryField({ id, onChange, disabled, ...notes }: BoundaryFieldProps) {
  const editor = useContext(BoundaryEditorContext);
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    if (notes.error) region.current?.querySelector('.tm-map-error')?.scrollIntoView?.({ block: 'center' });
  }, [notes.error]);
  return (
    <section ref={region} className="tm-boundary-field" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{T.boundaryTitle}</h4>
      <Suspense
        fallback={
          <>
            <p className="tm-map-loading">{T.loading}</p>
            <BoundaryNotes id={`${id}-notes`} {...notes} />
          </>
        }
      >
        {editor({
          value: notes.value,
          onChange,
          disabled,
          children: <BoundaryNotes id={`${id}-notes`} {...notes} />,
        })}
      </Suspense>
    </section>
  );
}
