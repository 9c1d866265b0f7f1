import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../api/client';
import { clearUserSession, hasUserToken, refreshTokenInUse } from '../api/session';
import { downloadMyData, fetchMe, fetchMyLahan, signOut, type Me, type MyLahan } from './api';
import { AccountShell } from './AccountShell';
import { ContractsSection } from './contracts/ContractsSection';
import { DeleteAccount } from './DeleteAccount';
import { DocumentsSection } from './documents/DocumentsSection';
import { LahanSection } from './lahan/LahanSection';
import { FormMessage } from './FormMessage';
import { ProfileForm } from './ProfileForm';

const ROLE_LABEL: Record<string, string> = { petani: 'Petani', mitra: 'Mitra' };

interface Loaded {
  me: Me;
  lahan: MyLahan[] | null;
}

/** /akun: the signed-in petani's or mitra's profile, lahan, contracts (contracts/), data export and account deletion. */
export default function AccountPage() {
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exportNote, setExportNote] = useState<string | null>(null);
  const signedIn = hasUserToken();

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    (async () => {
      const me = await fetchMe();
      const lahan = me.role === 'petani' ? await fetchMyLahan() : null;
      if (live) setData({ me, lahan });
    })().catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [signedIn]);

  if (!signedIn) return <Navigate to="/login" replace />;

  const logout = async () => {
    await signOut(refreshTokenInUse()?.refreshToken ?? null).catch(() => undefined);
    clearUserSession();
    navigate('/login', { replace: true, state: { notice: 'Anda telah keluar.' } });
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

  const onDeleted = () => {
    clearUserSession();
    navigate('/login', { replace: true, state: { notice: 'Akun Anda telah dihapus secara permanen.' } });
  };

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
            <ProfileForm me={data.me} onSaved={(me) => setData((d) => d && { ...d, me })} />
          </section>

          {(data.me.role === 'petani' || data.me.role === 'mitra') && (
            <DocumentsSection me={data.me} onChange={(me) => setData((d) => d && { ...d, me })} />
          )}

          {data.lahan && (
            <LahanSection lahan={data.lahan} onChange={(lahan) => setData((d) => d && { ...d, lahan })} />
          )}

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
            <DeleteAccount onDeleted={onDeleted} />
          </section>
        </div>
      )}
    </AccountShell>
  );
}
