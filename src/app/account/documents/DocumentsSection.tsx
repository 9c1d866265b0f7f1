import type { Me } from '../api';
import { DocumentUpload, type DocumentSpec } from './DocumentUpload';

const IMAGES = ['image/jpeg', 'image/png', 'image/webp'];
const IMAGE_HINT = 'Foto JPEG, PNG atau WebP, paling besar 5 MB.';

/** What an admin checks before verifying a petani or mitra (docs/API.md "Self-service and documents"). */
const DOCUMENTS: (DocumentSpec & { mitraOnly?: boolean; optional?: boolean })[] = [
  { kind: 'ktp', label: 'KTP', hint: `${IMAGE_HINT} Pastikan NIK terbaca jelas.`, accept: IMAGES },
  { kind: 'verifikasi_ktp', label: 'Foto selfie dengan KTP', hint: IMAGE_HINT, accept: IMAGES },
  {
    kind: 'loa_file',
    label: 'LOA',
    hint: 'Surat LOA perusahaan dalam PDF (atau fotonya), paling besar 5 MB.',
    accept: ['application/pdf', ...IMAGES],
    mitraOnly: true,
  },
  {
    kind: 'supporting_documents',
    label: 'Dokumen Pendukung',
    hint: `Opsional: dokumen lain yang menguatkan data Anda (misalnya surat keterangan desa). ${IMAGE_HINT}`,
    accept: IMAGES,
    optional: true,
  },
];

function verificationNote(me: Me, missing: string[]) {
  if (me.status_verifikasi) return 'Akun Anda sudah terverifikasi.';
  if (missing.length > 0) return `Admin menunggu: ${missing.join(', ')}.`;
  return 'Dokumen lengkap. Admin sedang memeriksanya; status akun menjadi Terverifikasi setelah disetujui.';
}

/** /akun's verification documents: what is uploaded, what the admin is waiting for, and the uploads. */
export function DocumentsSection({ me }: { me: Me }) {
  const documents = DOCUMENTS.filter((d) => me.role === 'mitra' || !d.mitraOnly);
  const missing = documents.filter((d) => !d.optional && !me[d.kind]).map((d) => d.label);

  return (
    <section className="card" aria-labelledby="akun-dokumen" style={{ padding: 24 }}>
      <h2 id="akun-dokumen" style={{ marginTop: 0 }}>
        Dokumen Verifikasi
      </h2>
      {!me.ktp && !me.status_verifikasi && (
        <p className="next-step">
          <strong>Unggah KTP untuk verifikasi.</strong> Kontrak hanya dapat dibuat oleh akun yang
          terverifikasi.
        </p>
      )}
      <p role="status">{verificationNote(me, missing)}</p>
      <ul className="card-list">
        {documents.map((spec) => (
          <DocumentUpload key={spec.kind} spec={spec} uploaded={Boolean(me[spec.kind])} />
        ))}
      </ul>
      <p className="field-hint">Mengganti dokumen membuat akun perlu diverifikasi ulang oleh admin.</p>
    </section>
  );
}
