import type { ComponentProps, ReactNode } from 'react';
import { fieldDescription, FieldNotes } from './FieldNotes';

/**
 * A labelled input in the account forms' field layout: its `hint` and `error` under it (the input
 * described by both, invalid while there is an error); `children` follow them.
 */
export function InputField({
  label,
  id,
  hint,
  error,
  children,
  ...input
}: {
  label: string;
  id: string;
  hint?: string;
  error?: string;
  children?: ReactNode;
} & ComponentProps<'input'>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...fieldDescription(id, hint, error)} {...input} />
      <FieldNotes id={id} hint={hint} error={error} />
      {children}
    </div>
  );
}
