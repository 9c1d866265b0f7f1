import { lazy, Suspense, useState } from 'react';
import { lahanStatusLabel } from '../../../shared/statusLabels';
import { formatArea } from '../../site/format';
import type { MyLahan } from '../api';
import { StepMessage } from '../contracts/StepMessage';
import { placeOf } from './place';

/** The form (with its map and photo tools) loads when the petani adds or edits a lahan, not with /akun. */
const LahanForm = lazy(() => import('./LahanForm'));

/** /akun's "Lahan Saya": the petani's lahan as cards with their status, "Tambah lahan" and editing one. */
export function LahanSection({ lahan }: { lahan: MyLahan[] }) {
  const [editing, setEditing] = useState<MyLahan | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const open = (target: MyLahan | 'new') => {
    setNotice(null);
    setEditing(target);
  };
  // The save's mutation has read the list again by now: the form closes onto the saved lahan.
  const saved = (message: string) => {
    setEditing(null);
    setNotice(message);
  };

  return (
    <section className="card" aria-labelledby="akun-lahan" style={{ padding: 24 }}>
      <div className="heading-row">
        <h2 id="akun-lahan">Lahan Saya</h2>
        {!editing && (
          <button type="button" className="btn btn-primary" onClick={() => open('new')}>
            Tambah lahan
          </button>
        )}
      </div>
      {/* Saved from the foot of the form: the message takes the focus, so it is on screen. */}
      <StepMessage text={notice} success />
      {editing && (
        <Suspense fallback={<p className="notice">Memuat formulir…</p>}>
          <LahanForm
            key={editing === 'new' ? 'new' : editing.id}
            lahan={editing === 'new' ? undefined : editing}
            onSaved={saved}
            onCancel={() => setEditing(null)}
          />
        </Suspense>
      )}
      {lahan.length === 0 ? (
        <p>Belum ada lahan terdaftar.</p>
      ) : (
        <ul className="card-list" style={{ marginTop: 16 }}>
          {lahan.map((l) => (
            <li key={l.id}>
              <h3>{l.nama_lahan}</h3>
              <p>
                <span className="status-chip">{lahanStatusLabel(l.status)}</span>
                {l.status === 'pending' && ' Menunggu verifikasi admin'}
              </p>
              <p>Luas: {formatArea(l.luas_lahan)}</p>
              {l.luas_terukur != null && (
                <p>
                  Luas terukur dari batas: {formatArea(Math.round(l.luas_terukur))}
                  {l.luas_berbeda && <strong> (berbeda lebih dari 20%)</strong>}
                </p>
              )}
              <p>Lokasi: {placeOf(l)}</p>
              {l.category_name && <p>Kategori: {l.category_name}</p>}
              <button
                type="button"
                className="btn btn-outline"
                aria-label={`Ubah lahan ${l.nama_lahan}`}
                onClick={() => open(l)}
              >
                Ubah
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
