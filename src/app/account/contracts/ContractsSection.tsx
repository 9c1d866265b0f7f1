import { lazy, Suspense, useEffect, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CONTRACT_STATUS_LABEL } from '../../../shared/statusLabels';
import { errorMessage } from '../../api/client';
import { formatLongDate, formatRupiah } from '../../site/format';
import { FormMessage } from '../FormMessage';
import type { ScreenState } from './ContractScreen';
import { useAwaitingCount, useContracts } from './queries';
import type { Contract, PartyRole } from './types';
import { DataTable } from '../DataTable';

/** The mitra's search and offer form, loaded for a mitra only. */
const LahanSearch = lazy(() => import('./LahanSearch'));

const period = (c: Contract) =>
  `${c.start_date ? formatLongDate(c.start_date) : '-'} – ${c.end_date ? formatLongDate(c.end_date) : '-'}`;

/** /akun's contracts: what waits for the caller, their contracts (each opens its own screen), and (mitra) the lahan search. */
export function ContractsSection({ role }: { role: PartyRole }) {
  const list = useContracts();
  const count = useAwaitingCount();
  const contracts = list.data ?? null;
  const waiting = count.data ?? null;
  const failed = list.error ?? count.error;
  const error = failed ? errorMessage(failed) : null;
  const navigate = useNavigate();
  const { hash } = useLocation();

  // Back from a contract's screen (/akun#kontrak-{id}): its row again, focused, where the list left it.
  useEffect(() => {
    if (contracts && hash.startsWith('#kontrak-'))
      document.getElementById(hash.slice(1))?.querySelector<HTMLElement>('a')?.focus();
  }, [contracts, hash]);

  const open = (id: number, state: ScreenState) => navigate(`/akun/kontrak/${id}`, { state });
  // The list's entry first becomes /akun#kontrak-{id}, so that the browser's back returns to that row.
  const openFromList = (event: MouseEvent, id: number) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate({ hash: `kontrak-${id}` }, { replace: true });
    open(id, { fromList: true });
  };

  return (
    <>
      {role === 'mitra' && (
        <Suspense fallback={null}>
          <LahanSearch
            onOffered={(contract) =>
              open(contract.id, { notice: 'Penawaran terkirim. Menunggu tanggapan petani.' })
            }
          />
        </Suspense>
      )}
      <section className="card" aria-labelledby="akun-kontrak" style={{ padding: 24 }}>
        <h2 id="akun-kontrak" style={{ marginTop: 0 }}>
          Kontrak Saya
        </h2>
        {waiting !== null && (
          <p className={waiting > 0 ? 'alert' : 'notice'} role="status" style={{ fontSize: '1.1em' }}>
            Menunggu tindakan Anda: <strong>{waiting}</strong> kontrak
          </p>
        )}
        <FormMessage text={error} />
        {contracts && contracts.length === 0 && <p>Belum ada kontrak.</p>}
        {contracts && contracts.length > 0 && (
          <DataTable
            label="Daftar kontrak"
            headers={[
              'Judul',
              role === 'petani' ? 'Mitra' : 'Petani',
              'Komoditas',
              'Nilai',
              'Periode',
              'Status',
              'Aksi',
            ]}
          >
            {contracts.map((c) => (
              <tr key={c.id} id={`kontrak-${c.id}`}>
                <td>{c.title}</td>
                <td>{(role === 'petani' ? c.fullname_mitra : c.fullname_petani) ?? '-'}</td>
                <td>{c.commodity ?? '-'}</td>
                <td>{c.total_value === undefined ? '-' : formatRupiah(c.total_value)}</td>
                <td>{period(c)}</td>
                <td>
                  {CONTRACT_STATUS_LABEL[c.status] ?? c.status}
                  {c.awaiting === role && <strong> · Menunggu Anda</strong>}
                </td>
                <td>
                  <Link
                    to={`/akun/kontrak/${c.id}`}
                    className="btn btn-outline"
                    aria-label={`Buka kontrak ${c.title}`}
                    onClick={(event) => openFromList(event, c.id)}
                  >
                    Buka
                  </Link>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
