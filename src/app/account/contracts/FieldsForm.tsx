import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../api/client';
import { fieldErrors } from '../../api/envelope';
import { FormMessage } from '../FormMessage';

export interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'number' | 'date' | 'textarea' | 'select' | 'password';
  options?: { value: string; label: string }[];
  /** For numbers: the smallest step (default any). */
  step?: string;
  autoComplete?: string;
}

export type Values = Record<string, string>;

/**
 * A titled form of labelled fields (the contract screens' offer, terms, delivery and note forms). `onSubmit`
 * gets the values as typed; when it throws, the server's message shows above the form and each field's
 * message under its field. `children` come between the fields and the buttons (e.g. a consent text).
 */
export function FieldsForm({
  title,
  fields,
  initial = {},
  submitLabel,
  onSubmit,
  onCancel,
  canSubmit = true,
  children,
  intro,
}: {
  title: string;
  fields: FieldSpec[];
  initial?: Values;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<void>;
  onCancel?: () => void;
  canSubmit?: boolean;
  children?: ReactNode;
  intro?: ReactNode;
}) {
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(fields.map((f) => [f.name, initial[f.name] ?? ''])),
  );
  const [error, setError] = useState<{ text: string; byField: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);
  const baseId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(values);
    } catch (err) {
      setError({ text: errorMessage(err), byField: fieldErrors(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={title}
      className="card"
      style={{ padding: 16, marginTop: 16 }}
    >
      <h3 style={{ marginTop: 0 }}>{title}</h3>
      {intro}
      <FormMessage text={error?.text} />
      {fields.map((f) => {
        const id = `${baseId}-${f.name}`;
        const fieldError = error?.byField[f.name];
        const common = {
          id,
          name: f.name,
          value: values[f.name] ?? '',
          'aria-invalid': fieldError ? true : undefined,
          'aria-describedby': fieldError ? `${id}-error` : undefined,
          onChange: (e: { target: { value: string } }) =>
            setValues((v) => ({ ...v, [f.name]: e.target.value })),
        };
        return (
          <div className="field" key={f.name}>
            <label htmlFor={id}>{f.label}</label>
            {f.type === 'textarea' ? (
              <textarea rows={3} {...common} />
            ) : f.type === 'select' ? (
              <select {...common}>
                <option value="">— Pilih —</option>
                {f.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                type={f.type ?? 'text'}
                step={f.type === 'number' ? (f.step ?? 'any') : undefined}
                autoComplete={f.autoComplete}
                {...common}
              />
            )}
            {fieldError && (
              <small id={`${id}-error`} style={{ color: 'var(--danger)' }}>
                {fieldError}
              </small>
            )}
          </div>
        );
      })}
      {children}
      <div className="actions" style={{ marginTop: 0 }}>
        <button type="submit" className="btn btn-primary" disabled={busy || !canSubmit}>
          {busy ? 'Memproses...' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Batal
          </button>
        )}
      </div>
    </form>
  );
}

/** A typed number, or undefined when the field is empty (the server then names what is missing). */
export const numberOf = (text: string | undefined) =>
  text === undefined || text.trim() === '' ? undefined : Number(text);

/** A typed text, or undefined when empty. */
export const textOf = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);
