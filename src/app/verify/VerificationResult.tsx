import { useEffect, useRef } from 'react';
import { CONTRACT_STATUS_LABEL } from '../../shared/statusLabels';
import { formatDateTime, formatLongDate, formatNumber, formatRupiah } from '../site/format';
import type { Verification } from './types';
import { verdictOf } from './verdict';

const ROLE: Record<string, string> = { petani: 'Petani', mitra: 'Mitra' };

/** One term as a row of the list a reader holds against the paper. */
const Term = ({ label, value }: { label: string; value: string }) => (
  <div>
    <dt>{label}</dt>
    <dd>{value}</dd>
  </div>
);

/**
 * The verdict as the headline, which takes the focus when it arrives (a phone shows it where the eye is), then
 * the terms of the current version as they were signed: what a reader compares with the paper.
 */
export function VerificationResult({ result }: { result: Verification }) {
  const verdict = verdictOf(result);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [result]);
  const { terms } = result;
  const place = [terms.kabupaten, terms.province].filter(Boolean).join(', ');
  return (
    <section
      className={`card verify-${verdict.tone}`}
      aria-labelledby="verify-verdict"
      style={{ padding: 24 }}
    >
      <h2 id="verify-verdict" ref={heading} tabIndex={-1} style={{ marginTop: 0 }}>
        {verdict.title}
      </h2>
      <p>{verdict.text}</p>
      <h3>Ketentuan versi {result.terms_version}</h3>
      <dl className="terms">
        <Term label="Kode verifikasi" value={result.code} />
        <Term label="Status kontrak" value={CONTRACT_STATUS_LABEL[result.status] ?? result.status} />
        <Term label="Komoditas" value={terms.commodity} />
        <Term label="Jumlah" value={`${formatNumber(terms.quantity)} ${terms.unit}`} />
        {terms.prices.map((p) => (
          <Term
            key={p.grade}
            label={`Harga mutu ${p.grade} per ${terms.unit}`}
            value={formatRupiah(p.price)}
          />
        ))}
        <Term label="Nilai total" value={formatRupiah(terms.total_value)} />
        <Term
          label="Jangka pembayaran"
          value={`${terms.payment_days} hari setelah penerimaan dikonfirmasi`}
        />
        <Term label="Tanggal mulai" value={formatLongDate(terms.start_date)} />
        <Term label="Tanggal selesai" value={formatLongDate(terms.end_date)} />
        <Term label="Wilayah lahan" value={place || '-'} />
        {result.signatures.map((s) => (
          <Term
            key={s.role}
            label={`Tanda tangan ${ROLE[s.role] ?? s.role}`}
            value={formatDateTime(s.signed_at)}
          />
        ))}
      </dl>
    </section>
  );
}
