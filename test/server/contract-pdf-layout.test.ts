import { describe, expect, it } from 'vitest';
import type { ContractDocument, PdfSignature } from '../../src/server/modules/contracts/pdf-document.js';
import { renderContractPdf } from '../../src/server/modules/contracts/pdf.js';
import { pdfText } from '../support/pdf-text.js';

const CODE = 'A1B2-C3D4-E5F6-0718';
const SHA = 'c0ffee'.padEnd(64, '7');

const document: ContractDocument = {
  format: 1,
  verification_code: CODE,
  contract_id: 42,
  terms_version: 2,
  title: 'Cabai merah musim hujan 2026',
  contract_type: 'Kontrak Pembelian',
  petani: { name: 'Budi Santoso', nik_last4: '3456', address: 'Jl. Melati 5, Desa Sukamaju' },
  mitra: {
    name: 'Siti Rahayu',
    nik_last4: '9876',
    address: 'Jl. Mawar 10, Bandung',
    company_address: 'PT Agro Makmur, Jl. Asia Afrika 1, Bandung',
  },
  lahan: {
    name: 'Sawah Utara',
    location: { sub_district: 'Cimenyan', district: 'Kabupaten Bandung', province: 'Jawa Barat' },
    area_m2: 15000,
  },
  commodity: 'Cabai merah',
  quantity: 2500,
  unit: 'kg',
  price: 5000,
  total_value: 12500000,
  start_date: '2026-03-12',
  end_date: '2026-08-02',
  delivery_terms: 'Diantar ke gudang mitra di Bandung, dikemas karung 50 kg',
  clauses_version: 1,
};

const petaniSignature: PdfSignature = {
  signer_role: 'petani',
  signer_name: 'Budi Santoso',
  signed_at: '2026-03-12T07:05:00Z',
  terms_version: 2,
  document_sha256: SHA,
};
const mitraSignature: PdfSignature = {
  ...petaniSignature,
  signer_role: 'mitra',
  signer_name: 'Siti Rahayu',
  signed_at: '2026-03-13T02:30:00Z',
};

const render = async (signatures: PdfSignature[], compress = true, doc = document) => {
  const pdf = await renderContractPdf(
    {
      document: doc,
      sha256: SHA,
      signatures,
      verifyUrl: `https://tani.test/verifikasi/${CODE}`,
      createdAt: new Date('2026-03-13T02:30:00Z'),
      marker: `${CODE} versi 2 ${SHA}`,
    },
    { compress },
  );
  return { pdf, text: pdfText(pdf) };
};

describe('contract PDF layout', () => {
  it('prints the terms, parties, clauses and signatures in Indonesian', async () => {
    const { pdf, text } = await render([petaniSignature, mitraSignature]);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const shown of [
      'KONTRAK KEMITRAAN PERTANIAN',
      CODE,
      `https://tani.test/verifikasi/${CODE}`,
      'Budi Santoso',
      '**** 3456',
      'PT Agro Makmur, Jl. Asia Afrika 1, Bandung',
      'Sawah Utara',
      'Cimenyan, Kabupaten Bandung, Jawa Barat',
      '15.000 m²',
      '2.500 kg',
      'Rp 5.000 per kg',
      'Rp 12.500.000',
      '12 Maret 2026',
      '2 Agustus 2026',
      'Diantar ke gudang mitra di Bandung, dikemas karung 50 kg',
      'Gagal panen karena bencana alam, hama atau cuaca ekstrem',
      'Mutu A',
      'Mutu C',
      'musyawarah untuk',
      'Pengadilan Negeri Kabupaten Bandung',
      'Halaman Tanda Tangan Elektronik',
      '12 Maret 2026 pukul 14.05 WIB',
      '13 Maret 2026 pukul 09.30 WIB',
      SHA,
    ])
      expect(text).toContain(shown);
    expect(text).not.toContain('DRAF');
  });

  it('marks a version not signed by both parties DRAF and says who has not signed', async () => {
    const { text } = await render([petaniSignature]);
    expect(text).toContain('DRAF');
    expect(text).toContain('Belum menandatangani kontrak versi 2.');
    // A signature of another version does not make this one signed.
    const old = await render([petaniSignature, { ...mitraSignature, terms_version: 1 }]);
    expect(old.text).toContain('DRAF');
  });

  it('writes the same text uncompressed, and names the competent court when there is no lahan', async () => {
    const { pdf, text } = await render([], false, { ...document, lahan: null });
    expect(pdf.toString('latin1')).not.toContain('FlateDecode');
    expect(text).toContain('Pengadilan Negeri yang berwenang');
    expect(text).toContain('Belum menandatangani kontrak versi 2.');
  });

  it('refuses a document with clauses it does not know', async () => {
    await expect(render([], true, { ...document, clauses_version: 99 })).rejects.toThrow(
      /clauses version 99/,
    );
  });
});
