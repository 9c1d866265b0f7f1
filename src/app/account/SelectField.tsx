import type { SelectHTMLAttributes } from 'react';
import { fieldDescription, FieldNotes } from './FieldNotes';

export interface Choice {
  value: string | number;
  label: string;
}

/** A labelled choice in the account forms' field layout, with `placeholder` as its empty first option. */
export function SelectField({
  label,
  id,
  choices,
  placeholder,
  hint,
  error,
  ...select
}: {
  label: string;
  id: string;
  choices: Choice[];
  placeholder: string;
  hint?: string;
  error?: string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...fieldDescription(id, hint, error)} {...select}>
        <option value="">{placeholder}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
