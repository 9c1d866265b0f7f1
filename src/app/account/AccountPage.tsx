import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { CONTRACT_STATUS_LABEL, lahanStatusLabel } from '../../shared/statusLabels';
import { errorMessage } from '../api/client';
import { clearUserSession, hasUserToken, refreshTokenInUse } from '../api/session';
import { formatArea, formatLongDate } from '../site/format';
import {
  downloadMyData,
  fetchMe,
  fetchMyContracts,
  fetchMyLahan,
  signOut,
  type Me,
  type MyContract,
  type MyLahan,
} from './api';
import { AccountShell } from './AccountShell';
import { DeleteAccount } from './DeleteAccount';
import { FormMessage } from './FormMessage';
import { ProfileForm } from './ProfileForm';

const ROLE_LABEL: Record<string, string> = { petani: 'Petani', mitra: 'Mitra' };

interface Loaded {
  me: Me;
  lahan: MyLahan[] | null;
  contracts: MyContract[];
}

/** /akun: the signed-in petani's or mitra's profile, lahan, contracts, data export and account deletion. */
export default function AccountPage() {
  const navigate = useNavigate();
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exportNote, setExportNote] = useState<string | null>(null);
  const signedIn = hasUserToken();

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    (async () => {
      const me = await fetchMe();
      const [lahan, contracts] = await Promise.all([
        me.role === 'petani' ? fetchMyLahan() : Promise.resolve(null),
        fetchMyContracts(),
      ]);
      if (live) setData({ me, lahan, contracts });
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
    <AccountShell title="Akun Saya">
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 12,
        }}
      >
        <h1 style={{ margin: 0 }}>Akun Saya</h1>
        <button type="button" className="btn btn-outline" onClick={logout}>
          Keluar
        </button>
      </div>
      <FormMessage text={error} />
      {!data && !error && <p className="notice">Memuat akun…</p>}
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

          {data.lahan && (
            <section className="card" aria-labelledby="akun-lahan" style={{ padding: 24 }}>
              <h2 id="akun-lahan" style={{ marginTop: 0 }}>
                Lahan Saya
              </h2>
              {data.lahan.length === 0 ? (
                <p>Belum ada lahan terdaftar.</p>
              ) : (
                <div className="table-wrap">
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">Nama lahan</th>
                        <th scope="col">Luas</th>
                        <th scope="col">Lokasi</th>
                        <th scope="col">Status</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.lahan.map((l) => (
                        <tr key={l.id}>
                          <td>{l.nama_lahan}</td>
                          <td>{formatArea(l.luas_lahan)}</td>
                          <td>{l.location_name ?? l.address_lahan ?? '-'}</td>
                          <td>{lahanStatusLabel(l.status)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          )}

          <section className="card" aria-labelledby="akun-kontrak" style={{ padding: 24 }}>
            <h2 id="akun-kontrak" style={{ marginTop: 0 }}>
              Kontrak Saya
            </h2>
            {data.contracts.length === 0 ? (
              <p>Belum ada kontrak.</p>
            ) : (
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Judul</th>
                      <th scope="col">{data.me.role === 'petani' ? 'Mitra' : 'Petani'}</th>
                      <th scope="col">Komoditas</th>
                      <th scope="col">Periode</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.contracts.map((c) => (
                      <tr key={c.id}>
                        <td>{c.title}</td>
                        <td>{(data.me.role === 'petani' ? c.fullname_mitra : c.fullname_petani) ?? '-'}</td>
                        <td>{c.commodity ?? '-'}</td>
                        <td>
                          {c.start_date ? formatLongDate(c.start_date) : '-'} –{' '}
                          {c.end_date ? formatLongDate(c.end_date) : '-'}
                        </td>
                        <td>{CONTRACT_STATUS_LABEL[c.status] ?? c.status}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

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
