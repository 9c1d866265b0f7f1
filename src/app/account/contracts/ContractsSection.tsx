import { useEffect, useState } from 'react';
import { CONTRACT_STATUS_LABEL } from '../../../shared/statusLabels';
import { errorMessage } from '../../api/client';
import { formatLongDate, formatRupiah } from '../../site/format';
import { FormMessage } from '../FormMessage';
import { fetchAwaitingCount, fetchContracts } from './api';
import { ContractDetail } from './ContractDetail';
import { LahanSearch } from './LahanSearch';
import type { Contract, PartyRole } from './types';
import { DataTable } from '../DataTable';

const period = (c: Contract) =>
  `${c.start_date ? formatLongDate(c.start_date) : '-'} – ${c.end_date ? formatLongDate(c.end_date) : '-'}`;

/** /akun's contracts: what waits for the caller, their contracts, one contract's detail, and (mitra) the lahan search. */
export function ContractsSection({ role }: { role: PartyRole }) {
  const [contracts, setContracts] = useState<Contract[] | null>(null);
  const [waiting, setWaiting] = useState<number | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let live = true;
    const failed = (err: unknown) => live && setError(errorMessage(err));
    fetchContracts().then((list) => live && setContracts(list), failed);
    fetchAwaitingCount().then((count) => live && setWaiting(count), failed);
    return () => {
      live = false;
    };
  }, [version]);

  return (
    <>
      {role === 'mitra' && (
        <LahanSearch
          onOffered={(contract) => {
            reload();
            setOpenId(contract.id);
          }}
        />
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
              <tr key={c.id}>
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
                  <button
                    type="button"
                    className="btn btn-outline"
                    aria-label={`Buka kontrak ${c.title}`}
                    onClick={() => setOpenId(c.id)}
                  >
                    Buka
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {openId !== null && (
          <ContractDetail
            key={openId}
            id={openId}
            role={role}
            onChanged={reload}
            onClose={() => setOpenId(null)}
          />
        )}
      </section>
    </>
  );
}
