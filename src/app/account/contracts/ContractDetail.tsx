import { useEffect, useId, useState } from 'react';
import { CONTRACT_STATUS_LABEL } from '../../../shared/statusLabels';
import { errorMessage } from '../../api/client';
import { formatLongDate, formatNumber, formatRupiah } from '../../site/format';
import { FormMessage } from '../FormMessage';
import { fetchContract, fetchHistory, type ContractHistory } from './api';
import { ContractActions } from './ContractActions';
import { SignatureList, TermsHistory, Timeline } from './ContractHistoryViews';
import { DeliveriesTable } from './DeliveriesTable';
import type { Contract, PartyRole } from './types';

const NO_HISTORY: ContractHistory = { terms: [], events: [], signatures: [], deliveries: [] };

interface Loaded {
  contract: Contract;
  history: ContractHistory;
}

/** The current terms as a list of label → value. */
function CurrentTerms({ contract: c }: { contract: Contract }) {
  const rows: [string, string][] = [
    ['Kategori', c.contract_type ?? '-'],
    ['Petani', c.fullname_petani],
    ['Mitra', c.fullname_mitra],
    ['Lahan', c.nama_lahan ?? '-'],
    ['Komoditas', c.commodity],
    ['Jumlah', `${formatNumber(c.quantity)} ${c.unit}`],
    ['Harga per unit', formatRupiah(c.price)],
    ['Nilai total', formatRupiah(c.total_value)],
    ['Periode', `${formatLongDate(c.start_date)} – ${formatLongDate(c.end_date)}`],
    ['Ketentuan pengiriman', c.delivery_terms ?? '-'],
    ['Versi syarat', String(c.terms_version)],
    ['Kode verifikasi', c.verification_code],
  ];
  if (c.cancel_reason) rows.push(['Alasan pembatalan', c.cancel_reason]);
  return (
    <dl className="terms">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One contract for one of its parties: terms, the steps they can take, versions, timeline, signatures, deliveries. */
export function ContractDetail({
  id,
  role,
  onChanged,
  onClose,
}: {
  id: number;
  role: PartyRole;
  onChanged: () => void;
  onClose: () => void;
}) {
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const titleId = useId();

  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    // Without its history the contract still shows, with the steps its party can take.
    const history = fetchHistory(id).catch((err: unknown) => {
      if (live) setError(errorMessage(err));
      return NO_HISTORY;
    });
    Promise.all([fetchContract(id), history]).then(
      ([contract, history]) => live && setData({ contract, history }),
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [id, version]);

  const changed = (text: string) => {
    setNotice(text);
    setError(null);
    setVersion((v) => v + 1);
    onChanged();
  };
  // The terms changed since they were shown (a signature refused): say so and show the new version.
  const termsChanged = (message: string) => {
    setNotice(null);
    setError(message);
    setVersion((v) => v + 1);
    onChanged();
  };

  if (!data) return error ? <FormMessage text={error} /> : <p className="notice">Memuat kontrak…</p>;
  const { contract, history } = data;
  const waiting = contract.awaiting === role;
  return (
    <section
      className="card contract-detail"
      aria-labelledby={titleId}
      style={{ padding: 24, marginTop: 16 }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
        <h2 id={titleId} style={{ margin: 0 }}>
          {contract.title}
        </h2>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Tutup detail
        </button>
      </div>
      <p>
        Status: <strong>{CONTRACT_STATUS_LABEL[contract.status] ?? contract.status}</strong>
        {waiting ? ' · Menunggu tindakan Anda' : ''}
      </p>
      <FormMessage text={notice} success />
      <FormMessage text={error} />
      <h3>Syarat saat ini</h3>
      <CurrentTerms contract={contract} />
      <ContractActions
        contract={contract}
        role={role}
        deliveries={history.deliveries}
        onChanged={changed}
        onTermsChanged={termsChanged}
      />
      <h3>Pengiriman</h3>
      <DeliveriesTable contract={contract} deliveries={history.deliveries} role={role} onChanged={changed} />
      <h3>Riwayat versi syarat</h3>
      <TermsHistory terms={history.terms} />
      <h3>Tanda tangan</h3>
      <SignatureList signatures={history.signatures} />
      <h3>Linimasa</h3>
      <Timeline events={history.events} />
    </section>
  );
}
