import { formatDateTime } from '../site/format';
import type { Verification } from '../account/contracts/types';

const ROLE: Record<string, string> = { petani: 'Petani', mitra: 'Mitra' };

/** What the verification says: authentic or not, the status, when each party signed, the document hash. */
export function VerificationResult({ result, statusLabel }: { result: Verification; statusLabel: string }) {
  const reason =
    result.signatures.length === 0
      ? 'Versi syarat yang berlaku belum ditandatangani, sehingga keasliannya belum dapat dibuktikan.'
      : 'Isi kontrak tidak sama dengan yang ditandatangani. Jangan mengandalkan dokumen ini.';
  return (
    <section
      className={result.authentic ? 'card verify-ok' : 'card verify-bad'}
      aria-labelledby="verify-verdict"
      style={{ padding: 24 }}
    >
      <h2 id="verify-verdict" style={{ marginTop: 0 }}>
        {result.authentic ? 'Dokumen asli' : 'Dokumen tidak asli'}
      </h2>
      <p>
        {result.authentic
          ? 'Kontrak ini tercatat di TaniMitra dan isinya sama dengan yang ditandatangani para pihak.'
          : reason}
      </p>
      <dl className="terms">
        <div>
          <dt>Status kontrak</dt>
          <dd>{statusLabel}</dd>
        </div>
        <div>
          <dt>Versi syarat</dt>
          <dd>{result.terms_version}</dd>
        </div>
        {result.signatures.map((s) => (
          <div key={s.role}>
            <dt>Tanda tangan {ROLE[s.role] ?? s.role}</dt>
            <dd>{formatDateTime(s.signed_at)}</dd>
          </div>
        ))}
        <div>
          <dt>SHA-256 dokumen</dt>
          <dd>{result.sha256 ? <code style={{ wordBreak: 'break-all' }}>{result.sha256}</code> : '-'}</dd>
        </div>
      </dl>
    </section>
  );
}
