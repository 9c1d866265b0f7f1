import { lazy, Suspense, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { errorMessage } from '../api/client';
import { hasUserToken, refreshTokenInUse } from '../api/session';
import { downloadMyData } from './api';
import { AccountShell } from './AccountShell';
import { ContractsSection } from './contracts/ContractsSection';
import { DocumentsSection } from './documents/DocumentsSection';
import { LahanSection } from './lahan/LahanSection';
import { FormMessage } from './FormMessage';
import { ProfileForm } from './ProfileForm';
import { useEndSession, useMe, useMyLahan, useSignOut } from './queries';

/** The danger zone's form, at the foot of the page: it loads after the first paint. */
const DeleteAccount = lazy(() => import('./DeleteAccount').then((m) => ({ default: m.DeleteAccount })));

const ROLE_LABEL: Record<string, string> = { petani: 'Petani', mitra: 'Mitra' };

/** /akun: the signed-in petani's or mitra's profile, lahan, contracts (contracts/), data export and account deletion. */
export default function AccountPage() {
  const endSession = useEndSession();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [exportNote, setExportNote] = useState<string | null>(null);
  // Read once: signing out here re-renders the page (the sign-out's own state) on its way to /login, which
  // must not turn into a second, notice-less redirect.
  const [signedIn] = useState(hasUserToken);
  const signOut = useSignOut();
  const me = useMe(signedIn);
  // The petani's lahan are read once the profile says petani; the page shows when both have come.
  const petani = me.data?.role === 'petani';
  const lahan = useMyLahan(signedIn && petani);
  const failed = me.error ?? lahan.error;
  const error = failed ? errorMessage(failed) : null;
  const data = me.data && (!petani || lahan.data) ? { me: me.data, lahan: petani ? lahan.data : null } : null;

  if (!signedIn) return <Navigate to="/login" replace />;

  const logout = async () => {
    await signOut.mutateAsync(refreshTokenInUse()?.refreshToken ?? null);
    endSession('Anda telah keluar.');
  };

  const exportData = async () => {
    setExportNote(null);
    try {
      const name = await downloadMyData();
      setExportNote(`Data Anda diunduh sebagai ${name}.`);
    } catch (err) {
      setExportNote(errorMessage(err));
    }
  };

  const onDeleted = () => endSession('Akun Anda telah dihapus secara permanen.');

  return (
    <AccountShell title="Akun Saya" user={data?.me.full_name}>
      <div className="heading-row">
        <h1>Akun Saya</h1>
        <button type="button" className="btn btn-outline" onClick={logout}>
          Keluar
        </button>
      </div>
      <FormMessage text={notice} success />
      <FormMessage text={error} />
      {!data && !error && <p className="notice page-loading">Memuat akun…</p>}
      {data && (
        <div className="account-grid" style={{ marginTop: 24 }}>
          <section className="card" aria-labelledby="akun-profil" style={{ padding: 24 }}>
            <h2 id="akun-profil" style={{ marginTop: 0 }}>
              Profil
            </h2>
            <p>
              {ROLE_LABEL[data.me.role] ?? data.me.role} ·{' '}
              {data.me.status_verifikasi ? 'Terverifikasi' : 'Belum Terverifikasi'}
            </p>
            <ProfileForm me={data.me} />
          </section>

          {(data.me.role === 'petani' || data.me.role === 'mitra') && <DocumentsSection me={data.me} />}

          {data.lahan && <LahanSection lahan={data.lahan} />}

          {(data.me.role === 'petani' || data.me.role === 'mitra') && (
            <ContractsSection role={data.me.role} />
          )}

          <section className="card" aria-labelledby="akun-data" style={{ padding: 24 }}>
            <h2 id="akun-data" style={{ marginTop: 0 }}>
              Data Saya
            </h2>
            <p>Unduh salinan profil, lahan, kontrak dan daftar dokumen Anda dalam format JSON.</p>
            <button type="button" className="btn btn-primary" onClick={exportData}>
              Unduh Data Saya
            </button>
            {exportNote && <p role="status">{exportNote}</p>}
          </section>

          <section className="card danger-zone" aria-labelledby="akun-hapus" style={{ padding: 24 }}>
            <h2 id="akun-hapus" style={{ marginTop: 0 }}>
              Hapus Akun
            </h2>
            <p>Penghapusan akun bersifat permanen, sesuai Kebijakan Privasi.</p>
            <Suspense fallback={null}>
              <DeleteAccount onDeleted={onDeleted} />
            </Suspense>
          </section>
        </div>
      )}
    </AccountShell>
  );
}
