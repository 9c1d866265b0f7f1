import { useId } from 'react';
import { fieldDescription, FieldNotes } from '../FieldNotes';

/** An optional photo taken or chosen on the phone (JPEG, PNG or WebP), with its hint and the server's error. */
export function PhotoField({
  label,
  hint,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  error?: string;
  onChange: (file: File | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        capture="environment"
        {...fieldDescription(id, hint, error)}
        onChange={(e) => onChange(e.target.files?.[0])}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
