import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../api/client';
import { fieldErrors } from '../api/envelope';
import type { Me, ProfileChanges } from './api';
import { FormMessage } from './FormMessage';
import { InputField } from './InputField';
import { useUpdateMe } from './queries';

type Field = keyof ProfileChanges;

const FIELDS: { name: Field; label: string; roles?: string[]; type?: string; autoComplete?: string }[] = [
  { name: 'full_name', label: 'Nama lengkap', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Nomor telepon', type: 'tel', autoComplete: 'tel' },
  { name: 'nik', label: 'NIK', roles: ['petani', 'mitra'] },
  { name: 'alamat', label: 'Alamat', roles: ['petani', 'mitra'], autoComplete: 'street-address' },
  { name: 'company_name', label: 'Nama perusahaan', roles: ['mitra'], autoComplete: 'organization' },
  { name: 'company_address', label: 'Alamat perusahaan', roles: ['mitra'] },
  { name: 'company_position', label: 'Jabatan', roles: ['mitra'], autoComplete: 'organization-title' },
];

const valueOf = (me: Me, name: Field) => String(me[name] ?? '');

/** View and edit the profile (PUT /user/me with only the changed fields). */
export function ProfileForm({ me }: { me: Me }) {
  const fields = FIELDS.filter((f) => !f.roles || f.roles.includes(me.role));
  const [values, setValues] = useState(() =>
    Object.fromEntries(fields.map((f) => [f.name, valueOf(me, f.name)])),
  );
  const [status, setStatus] = useState<{
    kind: 'ok' | 'error';
    text: string;
    errors?: Record<string, string>;
  } | null>(null);
  const [saving, setSaving] = useState(false);
  const baseId = useId();
  const save = useUpdateMe();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes = Object.fromEntries(
      fields
        .filter((f) => values[f.name] !== valueOf(me, f.name))
        .map((f) => [f.name, values[f.name]?.trim() ?? '']),
    ) as ProfileChanges;
    if (Object.keys(changes).length === 0) return setStatus({ kind: 'ok', text: 'Tidak ada perubahan.' });
    setSaving(true);
    try {
      await save.mutateAsync(changes);
      setStatus({ kind: 'ok', text: 'Profil berhasil disimpan.' });
    } catch (err) {
      setStatus({ kind: 'error', text: errorMessage(err), errors: fieldErrors(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Profil">
      <FormMessage text={status?.text} success={status?.kind === 'ok'} />
      {fields.map((f) => {
        const id = `${baseId}-${f.name}`;
        const error = status?.errors?.[f.name];
        return (
          <InputField
            key={f.name}
            label={f.label}
            id={id}
            type={f.type ?? 'text'}
            autoComplete={f.autoComplete}
            value={values[f.name] ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          >
            {error && (
              <small id={`${id}-error`} style={{ color: 'var(--danger)' }}>
                {error}
              </small>
            )}
          </InputField>
        );
      })}
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {saving ? 'Menyimpan...' : 'Simpan Profil'}
      </button>
    </form>
  );
}
