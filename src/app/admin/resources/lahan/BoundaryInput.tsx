import { useId } from 'react';
import { useInput, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { boundaryProblem, type Gps } from '../../../map/boundary';
import { BoundaryField } from '../../../map/BoundaryField';

/** The browser's check of a drawn boundary, with the server's texts (the server checks again). */
const checkBoundary = (value: Gps | undefined) =>
  value?.type === 'Polygon' ? boundaryProblem(value) : undefined;

/**
 * The lahan form's `gps`: the same map as /akun's (draw, edit, clear, walk), the measured area against the
 * form's luas_lahan, and the browser's or the server's refusal under the map.
 */
export function BoundaryInput() {
  const id = useId();
  const record = useRecordContext();
  const { field, fieldState } = useInput<Gps>({
    source: 'gps',
    defaultValue: null,
    validate: checkBoundary,
  });
  const declared = Number(useWatch({ name: 'luas_lahan' }));
  return (
    <BoundaryField
      id={`${id}-gps`}
      value={field.value ?? null}
      onChange={(gps) => field.onChange(gps)}
      declaredArea={Number.isFinite(declared) && declared > 0 ? declared : undefined}
      saved={record ? { gps: record.gps ?? null, luas_terukur: record.luas_terukur ?? null } : undefined}
      error={fieldState.error?.message ?? checkBoundary(field.value)}
    />
  );
}
