import { CONTRACT_ACTION_LABELS, type ContractAction } from '../../../shared/contracts';
import { CONTRACT_STATUS_LABEL } from '../../../shared/statusLabels';
import { formatDateTime, formatLongDate, formatNumber, formatRupiah } from '../../site/format';
import type { ContractEvent, Signature, TermsVersion } from './types';
import { DataTable } from '../DataTable';
import { gradePricesLine } from '../../../shared/grade-prices';

const ROLE_LABEL: Record<string, string> = {
  petani: 'Petani',
  mitra: 'Mitra',
  admin: 'Admin',
  system: 'Sistem',
};
export const roleLabel = (role: string) => ROLE_LABEL[role] ?? role;
const statusLabel = (status: string | null) => (status ? (CONTRACT_STATUS_LABEL[status] ?? status) : '-');

/** Every version of the terms, oldest first, with who proposed it and its document hash. */
export function TermsHistory({ terms }: { terms: TermsVersion[] }) {
  return (
    <DataTable
      label="Riwayat versi syarat"
      headers={[
        'Versi',
        'Diajukan oleh',
        'Harga per mutu',
        'Pembayaran',
        'Jumlah',
        'Nilai',
        'Periode',
        'Catatan',
      ]}
    >
      {terms.map((t) => (
        <tr key={t.version}>
          <td>Versi {t.version}</td>
          <td>
            {roleLabel(t.proposed_role)}, {formatDateTime(t.created_at)}
          </td>
          <td>{gradePricesLine(t.prices)}</td>
          <td>{t.payment_days} hari</td>
          <td>
            {formatNumber(t.quantity)} {t.unit}
          </td>
          <td>{formatRupiah(t.total_value)}</td>
          <td>
            {formatLongDate(t.start_date)} – {formatLongDate(t.end_date)}
          </td>
          <td>{t.note ?? '-'}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The contract's events, oldest first: the step, who took it, the status change and the note. */
export function Timeline({ events }: { events: ContractEvent[] }) {
  return (
    <ol className="timeline" aria-label="Linimasa kontrak">
      {events.map((e) => (
        <li key={e.id}>
          <strong>{CONTRACT_ACTION_LABELS[e.action as ContractAction] ?? e.action}</strong> ·{' '}
          {roleLabel(e.actor_role)}
          {e.actor_name ? ` (${e.actor_name})` : ''} · {formatDateTime(e.created_at)}
          <br />
          <small>
            {e.from_status === e.to_status
              ? `Status tetap ${statusLabel(e.to_status)}`
              : `${statusLabel(e.from_status)} → ${statusLabel(e.to_status)}`}{' '}
            · versi {e.terms_version}
            {e.note ? ` · Catatan: ${e.note}` : ''}
          </small>
        </li>
      ))}
    </ol>
  );
}

/** The signatures of every version; a voided one says so (a later version replaced what it signed). */
export function SignatureList({ signatures }: { signatures: Signature[] }) {
  if (signatures.length === 0) return <p>Belum ada tanda tangan.</p>;
  return (
    <ul className="signatures">
      {signatures.map((s) => (
        <li key={s.id}>
          {roleLabel(s.signer_role)}
          {s.signer_name ? ` ${s.signer_name}` : ''} menandatangani versi {s.terms_version} pada{' '}
          {formatDateTime(s.signed_at)}
          {s.voided_at ? ` — dibatalkan ${formatDateTime(s.voided_at)} (syarat berubah)` : ''}
          <br />
          <small>
            SHA-256: <code style={{ wordBreak: 'break-all' }}>{s.document_sha256}</code>
          </small>
        </li>
      ))}
    </ul>
  );
}
