import type { InputHTMLAttributes, ReactNode } from 'react';

/** A labelled input in the account forms' field layout; `children` follow the input (e.g. its error). */
export function InputField({
  label,
  id,
  children,
  ...input
}: { label: string; id: string; children?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
      {children}
    </div>
  );
}
