import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CONTRACT_STATUS_LABEL } from '../../../shared/statusLabels';
import { errorMessage } from '../../api/client';
import { formatLongDate, formatNumber, formatRupiah } from '../../site/format';
import { CONTRACT_NOT_FOUND, statusOf } from './api';
import { ContractActions } from './ContractActions';
import { DeliveryProgress } from './CompletionSummary';
import { SignatureList, TermsHistory, Timeline } from './ContractHistoryViews';
import { DeliveriesTable } from './DeliveriesTable';
import { GradePriceTable } from './GradePrices';
import { nextStep } from './nextStep';
import { hasMoney, PaymentSection } from './PaymentSection';
import { useContract, useRefreshContract } from './queries';
import { StepMessage } from './StepMessage';
import { TermList } from './TermList';
import type { Contract, PartyRole } from './types';

/** The server's 404 (no such contract, or not the caller's) in the user's words; other failures as they come. */
const failure = (err: unknown) => (statusOf(err) === 404 ? CONTRACT_NOT_FOUND : errorMessage(err));

/** The current terms as a list of label → value. */
function CurrentTerms({ contract: c }: { contract: Contract }) {
  const rows: [string, ReactNode][] = [
    ['Kategori', c.contract_type ?? '-'],
    ['Petani', c.fullname_petani],
    ['Mitra', c.fullname_mitra],
    ['Lahan', c.nama_lahan ?? '-'],
    ['Komoditas', c.commodity],
    ['Jumlah', `${formatNumber(c.quantity)} ${c.unit}`],
    ['Harga per mutu', <GradePriceTable prices={c.prices} unit={c.unit} />],
    ['Nilai total', formatRupiah(c.total_value)],
    ['Jangka pembayaran', `${c.payment_days} hari setelah penerimaan dikonfirmasi`],
    ['Periode', `${formatLongDate(c.start_date)} – ${formatLongDate(c.end_date)}`],
    ['Ketentuan pengiriman', c.delivery_terms ?? '-'],
    ['Versi syarat', String(c.terms_version)],
    ['Kode verifikasi', c.verification_code],
  ];
  if (c.cancel_reason) rows.push(['Alasan pembatalan', c.cancel_reason]);
  return <TermList rows={rows} />;
}

/**
 * One contract for one of its parties, the body of its own screen (/akun/kontrak/{id}): status and next step,
 * each step's result (focused, so it is on screen), delivered against contracted, the steps, the terms,
 * deliveries, signatures, timeline and versions. `notice` is a result to show first (the offer just sent).
 */
export function ContractDetail({
  id,
  role,
  notice: first,
}: {
  id: number;
  role: PartyRole;
  notice?: string;
}) {
  const query = useContract(id);
  const refresh = useRefreshContract(id);
  const data = query.data ?? null;
  const failed = query.error ?? data?.historyError;
  // A refused signature's message (the terms changed) stands until the next step; otherwise a reading's failure.
  const [stepError, setStepError] = useState<string>();
  const error = stepError ?? (failed ? failure(failed) : null);
  // Keyed by a count, so the same text twice (two confirmations) is shown and focused again.
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(
    first ? { text: first, n: 0 } : null,
  );
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(false);

  // The step area keeps the height it had when a step was taken (its form, say), so that the result and the
  // reloaded contract arriving in it move nothing below; the next click (the person's own doing) releases it.
  // The status lines above it likewise: on a phone the next step's sentence may take fewer lines after the step
  // ('Menunggu tanggapan mitra.'), which would pull the result and everything below it up.
  const statusArea = useRef<HTMLDivElement>(null);
  const stepArea = useRef<HTMLDivElement>(null);
  const [reserved, setReserved] = useState<{ status: number; step: number } | null>(null);
  const keepStepArea = () =>
    setReserved({ status: statusArea.current?.offsetHeight ?? 0, step: stepArea.current?.offsetHeight ?? 0 });
  // Nothing to release: the same state, so a click inside re-renders nothing (the sign dialog's tick box).
  const release = () => setReserved(null);

  // Opening the screen moves the focus to its title, unless a result is there to read first.
  const loaded = data !== null;
  useEffect(() => {
    if (!loaded || shown.current) return;
    shown.current = true;
    if (!first) heading.current?.focus();
  }, [loaded, first]);

  const changed = (text: string) => {
    keepStepArea();
    setNotice((n) => ({ text, n: (n?.n ?? 0) + 1 }));
    setStepError(undefined);
  };
  // The terms changed since they were shown (a signature refused): say so and show the new version.
  const termsChanged = (message: string) => {
    keepStepArea();
    setNotice(null);
    setStepError(message);
    refresh();
  };

  if (!data)
    return error ? <StepMessage text={error} /> : <p className="notice page-loading">Memuat kontrak…</p>;
  const { contract, history } = data;
  return (
    <section className="contract-detail" aria-labelledby={titleId}>
      <h1 id={titleId} ref={heading} tabIndex={-1} style={{ margin: '8px 0' }}>
        {contract.title}
      </h1>
      <div ref={statusArea} style={{ minHeight: reserved?.status }}>
        <p style={{ margin: '0 0 4px' }}>
          Status: <strong>{CONTRACT_STATUS_LABEL[contract.status] ?? contract.status}</strong>
          {contract.awaiting === role ? ' · Menunggu tindakan Anda' : ''}
        </p>
        <p className="notice" style={{ marginTop: 0 }}>
          Langkah berikutnya: {nextStep(contract, role)}
        </p>
      </div>
      <div ref={stepArea} style={{ minHeight: reserved?.step }} onClickCapture={release}>
        {notice && <StepMessage key={notice.n} text={notice.text} success />}
        <StepMessage text={error} />
        {(history.deliveries.length > 0 || ['active', 'completed'].includes(contract.status)) && (
          <DeliveryProgress contract={contract} deliveries={history.deliveries} />
        )}
        <ContractActions
          contract={contract}
          role={role}
          deliveries={history.deliveries}
          onChanged={changed}
          onTermsChanged={termsChanged}
        />
      </div>
      <h2>Syarat saat ini</h2>
      <CurrentTerms contract={contract} />
      <h2>Pengiriman</h2>
      <DeliveriesTable contract={contract} deliveries={history.deliveries} role={role} onChanged={changed} />
      {hasMoney(contract.status) && <PaymentSection contract={contract} role={role} />}
      <h2>Tanda tangan</h2>
      <SignatureList signatures={history.signatures} />
      <h2>Linimasa</h2>
      <Timeline events={history.events} />
      <h2>Riwayat versi syarat</h2>
      <TermsHistory terms={history.terms} />
    </section>
  );
}
