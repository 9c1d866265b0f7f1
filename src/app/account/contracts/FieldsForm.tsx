import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../api/client';
import { fieldErrors } from '../../api/envelope';

export interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'number' | 'date' | 'textarea' | 'select' | 'password';
  options?: { value: string; label: string }[];
  /** For numbers: the smallest step (default any). */
  step?: string;
  autoComplete?: string;
  /** Checked before sending: an empty field is named under itself ('Tanggal mulai wajib diisi'). */
  required?: boolean;
  /** A field of its own making (the price per grade), in place of the label and input; its value is a text. */
  render?: (field: CustomField) => ReactNode;
}

/** What a field of its own making gets: its value, how to change it, and every field's message by name. */
export interface CustomField {
  value: string;
  onChange: (value: string) => void;
  errors: Record<string, string>;
  /** The form's values as typed (e.g. the unit the prices are per). */
  values: Values;
}

export type Values = Record<string, string>;

type Problem = { text: string; byField: Record<string, string> };

/** The label without its unit ('Harga per unit (Rp)' → 'Harga per unit'), for a message about the field. */
const plainLabel = (label: string) => label.replace(/\s*\(.*\)$/, '');

/** The required fields left empty, each with its plain message. */
function emptyFields(fields: FieldSpec[], values: Values): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const f of fields)
    if (f.required && !values[f.name]?.trim())
      byField[f.name] = `${plainLabel(f.label)} wajib ${f.type === 'select' ? 'dipilih' : 'diisi'}`;
  return byField;
}

/**
 * A titled form of labelled fields (the contract screens' offer, terms, delivery and note forms); opening it
 * brings its title into view with the focus. Empty required fields stop it before sending. `onSubmit` gets
 * the values as typed; when it throws, each field's message shows under its field and the summary (the
 * server's message) by the button, and the focus moves to the first field in error, else to the summary.
 * `children` come between the fields and the buttons (e.g. a consent text).
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
  const [error, setError] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const baseId = useId();
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (!error) return;
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    target?.focus();
  }, [error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = emptyFields(fields, values);
    const count = Object.keys(empty).length;
    if (count > 0)
      return setError({ text: `Lengkapi ${count} isian yang ditandai di atas.`, byField: empty });
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
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={title}
      className="card"
      style={{ padding: 16, marginTop: 16 }}
    >
      <h3 ref={heading} tabIndex={-1} style={{ marginTop: 0 }}>
        {title}
      </h3>
      {intro}
      {fields.map((f) => {
        const id = `${baseId}-${f.name}`;
        const fieldError = error?.byField[f.name];
        if (f.render)
          return (
            <div className="field" key={f.name}>
              {f.render({
                value: values[f.name] ?? '',
                onChange: (value) => setValues((v) => ({ ...v, [f.name]: value })),
                errors: error?.byField ?? {},
                values,
              })}
            </div>
          );
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
      {error && (
        <p className="alert" role="alert" tabIndex={-1}>
          {error.text}
        </p>
      )}
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
