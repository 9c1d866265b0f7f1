import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { fieldErrors } from '../../api/envelope';
import { hasUserToken } from '../../api/session';
import type { SignupDetails } from '../api';
import { AccountShell } from '../AccountShell';
import { FormMessage } from '../FormMessage';
import { InputField } from '../InputField';
import { useSignUp } from '../queries';
import { useFocusFirstError } from '../useFocusFirstError';
import { phoneProblem, signupProblems, type SignupValues } from './rules';

type Role = SignupDetails['role'];

interface Field {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
  mitraOnly?: boolean;
}

const FIELDS: Field[] = [
  { name: 'full_name', label: 'Nama lengkap', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'Minimal 8 karakter, dengan huruf dan angka.',
  },
  {
    name: 'phone',
    label: 'Nomor telepon (opsional)',
    type: 'tel',
    autoComplete: 'tel',
    hint: 'Contoh 081234567890',
  },
  {
    name: 'nik',
    label: 'NIK (opsional)',
    hint: '16 digit, persis seperti di KTP. Dibutuhkan untuk verifikasi.',
  },
  { name: 'alamat', label: 'Alamat (opsional)', autoComplete: 'street-address' },
  {
    name: 'company_name',
    label: 'Nama perusahaan (opsional)',
    autoComplete: 'organization',
    mitraOnly: true,
  },
  { name: 'company_address', label: 'Alamat perusahaan (opsional)', mitraOnly: true },
  {
    name: 'company_position',
    label: 'Jabatan (opsional)',
    autoComplete: 'organization-title',
    mitraOnly: true,
  },
];

const ROLES: { value: Role; label: string; hint: string }[] = [
  { value: 'petani', label: 'Petani', hint: 'Daftarkan lahan dan terima tawaran kontrak.' },
  { value: 'mitra', label: 'Mitra bisnis', hint: 'Cari lahan dan ajukan kontrak pembelian.' },
];

export const SIGNUP_NEXT_STEP = 'Pendaftaran berhasil. Langkah berikutnya: unggah KTP untuk verifikasi.';

/** /daftar: a petani or mitra creates an account (POST /auth/signup), is signed in and lands on /akun. */
export default function SignupPage() {
  const navigate = useNavigate();
  const [role, setRole] = useState<Role>('petani');
  const [values, setValues] = useState<SignupValues>({});
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const signUp = useSignUp();
  useFocusFirstError(form, errors);

  if (hasUserToken() && !loading) return <Navigate to="/akun" replace />;

  const fields = FIELDS.filter((f) => role === 'mitra' || !f.mitraOnly);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = signupProblems(values);
    const phone = await phoneProblem(values.phone);
    if (phone) problems.phone = phone;
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return setSummary('Periksa kembali kolom yang ditandai.');
    }
    const details = Object.fromEntries(
      fields
        .map((f) => [f.name, f.name === 'password' ? values.password : values[f.name]?.trim()])
        .filter(([, v]) => v),
    );
    setErrors(null);
    setSummary(null);
    setLoading(true);
    try {
      await signUp.mutateAsync({ ...details, role } as SignupDetails);
      navigate('/akun', { replace: true, state: { notice: SIGNUP_NEXT_STEP } });
    } catch (err) {
      setErrors(fieldErrors(err));
      setSummary(errorMessage(err));
      setLoading(false);
    }
  };

  return (
    <AccountShell title="Daftar">
      <div className="card auth-card">
        <h1 style={{ marginTop: 0 }}>Daftar di TaniMitra</h1>
        <p>
          Buat akun petani atau mitra bisnis. Setelah mendaftar, unggah KTP agar akun Anda diverifikasi admin.
        </p>
        <form ref={form} onSubmit={submit} noValidate aria-label="Daftar">
          <fieldset className="field choice-row" disabled={loading}>
            <legend>Daftar sebagai</legend>
            {ROLES.map((r) => (
              <label key={r.value}>
                <input
                  type="radio"
                  name="role"
                  value={r.value}
                  checked={role === r.value}
                  onChange={() => setRole(r.value)}
                />
                <span>
                  {r.label}
                  <small className="field-hint">{r.hint}</small>
                </span>
              </label>
            ))}
          </fieldset>
          {fields.map((f) => (
            <InputField
              key={f.name}
              label={f.label}
              id={`${baseId}-${f.name}`}
              type={f.type ?? 'text'}
              inputMode={f.name === 'nik' ? 'numeric' : undefined}
              autoComplete={f.autoComplete}
              hint={f.hint}
              error={errors?.[f.name]}
              value={values[f.name] ?? ''}
              disabled={loading}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            />
          ))}
          <FormMessage text={summary} />
          <button type="submit" className="btn btn-primary" style={{ width: '100%' }} disabled={loading}>
            {loading ? 'Memproses...' : 'Daftar'}
          </button>
        </form>
        <p>
          Sudah punya akun? <Link to="/login">Masuk</Link>
        </p>
      </div>
    </AccountShell>
  );
}
