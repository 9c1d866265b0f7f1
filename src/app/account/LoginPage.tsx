import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../shared/messages';
import { validateLogin } from '../../shared/validateLogin';
import { errorMessage } from '../api/client';
import { hasUserToken } from '../api/session';
import { AccountShell } from './AccountShell';
import { FormMessage } from './FormMessage';
import { InputField } from './InputField';
import { useSignIn } from './queries';

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /login: petani and mitra sign in (POST /auth/signin) and go to /akun. */
export default function LoginPage() {
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const ids = { email: useId(), password: useId() };
  const signIn = useSignIn();

  if (hasUserToken() && !loading) return <Navigate to="/akun" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The admin login's rules, plus a full name@domain.tld address.
    const problem =
      validateLogin(email, password) ?? (EMAIL_FORMAT.test(email.trim()) ? null : MESSAGES.invalidEmail);
    if (problem) return setError(problem);
    setError(null);
    setLoading(true);
    try {
      await signIn.mutateAsync({ email: email.trim(), password });
      navigate('/akun', { replace: true });
    } catch (err) {
      setError(errorMessage(err));
      setLoading(false);
    }
  };

  return (
    <AccountShell title="Masuk">
      <div className="card auth-card">
        <h1 style={{ marginTop: 0 }}>Masuk ke TaniMitra</h1>
        <p>Untuk petani dan mitra bisnis. Kelola profil, lahan, kontrak dan data Anda.</p>
        <FormMessage text={notice} success />
        <FormMessage text={error} />
        <form onSubmit={submit} noValidate>
          <InputField
            label="Email"
            id={ids.email}
            type="email"
            autoComplete="email"
            value={email}
            disabled={loading}
            onChange={(e) => setEmail(e.target.value)}
          />
          <div className="field">
            <label htmlFor={ids.password}>Password</label>
            <div style={{ display: 'flex', gap: 8 }}>
              <input
                id={ids.password}
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={password}
                disabled={loading}
                onChange={(e) => setPassword(e.target.value)}
              />
              <button
                type="button"
                className="btn btn-outline"
                aria-pressed={showPassword}
                onClick={() => setShowPassword((s) => !s)}
              >
                {showPassword ? 'Sembunyikan' : 'Tampilkan'}
              </button>
            </div>
          </div>
          <button type="submit" className="btn btn-primary" style={{ width: '100%' }} disabled={loading}>
            {loading ? 'Memproses...' : 'Masuk'}
          </button>
        </form>
        <p>
          Belum punya akun? <Link to="/daftar">Daftar sebagai petani atau mitra</Link>.{' '}
          <Link to="/help/troubleshooting">Tidak bisa masuk?</Link>
        </p>
        <p>
          Administrator? <a href="/admin/login">Masuk ke Admin Portal</a>
        </p>
      </div>
    </AccountShell>
  );
}
