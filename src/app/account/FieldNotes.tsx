import '../styles/account-forms.css';

/** The ids a field's hint and error are shown under, for `aria-describedby`. */
const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/** The ARIA attributes of a field with an optional hint and error. */
export function fieldDescription(id: string, hint?: string, error?: string) {
  const describedBy = [hint && hintId(id), error && errorId(id)].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** A field's hint and its error, under the field. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <small id={hintId(id)} className="field-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={errorId(id)} className="field-error">
          {error}
        </small>
      )}
    </>
  );
}
