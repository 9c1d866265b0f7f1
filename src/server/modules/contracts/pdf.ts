import PDFDocument from 'pdfkit';
import {
  formatArea,
  formatDateTime,
  formatLongDate,
  formatNumber,
  formatRupiah,
} from '../../../shared/format-id.js';
import type { GradePrice } from '../../../shared/settlement.js';
import { isDraft, type ContractDocument, type ContractPdfInput, type Party } from './pdf-document.js';
import {
  BOTTOM,
  contentWidth,
  dash,
  heading,
  keepRoom,
  LABEL_WIDTH,
  MARGIN,
  paragraph,
  row,
  type Pdf,
} from './pdf-layout.js';
import { standardClauses, type Clause } from './pdf-clauses.js';
import { drawQr } from './pdf-qr.js';

const QR_SIZE = 64;
const ROLE_LABEL = { petani: 'Pihak Pertama (Petani)', mitra: 'Pihak Kedua (Mitra)' } as const;

function verificationBox(pdf: Pdf, code: string, url: string) {
  const top = pdf.y + 6;
  pdf.rect(MARGIN, top, contentWidth(pdf), 58).lineWidth(1).stroke('#2e7d32');
  pdf
    .font('Helvetica')
    .fontSize(9)
    .fillColor('black')
    .text('Kode verifikasi', MARGIN + 12, top + 8);
  pdf
    .font('Courier-Bold')
    .fontSize(16)
    .text(code, MARGIN + 12, top + 20);
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(`Periksa keaslian dokumen di ${url}`, MARGIN + 12, top + 40);
  pdf.x = MARGIN;
  pdf.y = top + 66;
}

function parties(pdf: Pdf, doc: ContractDocument) {
  heading(pdf, 'Para Pihak');
  const party = (label: string, p: Party, extra?: [string, string]) => {
    row(pdf, label, p.name);
    row(pdf, 'NIK (4 digit terakhir)', p.nik_last4 ? `**** ${p.nik_last4}` : '-');
    row(pdf, 'Alamat', dash(p.address));
    if (extra) row(pdf, extra[0], extra[1]);
    pdf.moveDown(0.4);
  };
  party(ROLE_LABEL.petani, doc.petani);
  party(ROLE_LABEL.mitra, doc.mitra, ['Alamat perusahaan', dash(doc.mitra.company_address)]);
}

function lahanAndTerms(pdf: Pdf, doc: ContractDocument) {
  heading(pdf, 'Lahan');
  const where = doc.lahan?.location;
  const location = where
    ? [where.sub_district, where.district, where.province].filter((part) => part).join(', ')
    : '';
  row(pdf, 'Nama lahan', dash(doc.lahan?.name));
  row(pdf, 'Lokasi', dash(location));
  row(pdf, 'Luas', doc.lahan ? formatArea(doc.lahan.area_m2) : '-');

  heading(pdf, 'Syarat Kontrak');
  row(pdf, 'Jenis kontrak', dash(doc.contract_type));
  row(pdf, 'Komoditas', doc.commodity);
  row(pdf, 'Jumlah', `${formatNumber(Number(doc.quantity))} ${doc.unit}`);
  if (doc.prices) gradeTable(pdf, doc.prices, doc.unit);
  else row(pdf, 'Harga per satuan', `${formatRupiah(doc.price)} per ${doc.unit}`);
  row(pdf, 'Nilai total', formatRupiah(doc.total_value));
  if (doc.payment_days !== undefined) row(pdf, 'Jangka pembayaran', `${doc.payment_days} hari`);
  row(pdf, 'Tanggal mulai', formatLongDate(doc.start_date));
  row(pdf, 'Tanggal selesai', formatLongDate(doc.end_date));
  row(pdf, 'Ketentuan pengiriman', dash(doc.delivery_terms));
}

const GRADE_WIDTH = 70;

/** The price per grade: a table of Mutu | Harga per <unit>, beside its label. */
function gradeTable(pdf: Pdf, prices: GradePrice[], unit: string) {
  const rowHeight = 15;
  keepRoom(pdf, rowHeight * (prices.length + 1) + 6);
  const left = MARGIN + LABEL_WIDTH + 10;
  const width = contentWidth(pdf) - LABEL_WIDTH - 10;
  const top = pdf.y;
  pdf.font('Helvetica').fontSize(10).text('Harga per mutu', MARGIN, top, { width: LABEL_WIDTH });
  const line = (y: number, grade: string, price: string, bold: boolean) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    pdf.text(grade, left, y, { width: GRADE_WIDTH, lineBreak: false });
    pdf.text(price, left + GRADE_WIDTH, y, { width: width - GRADE_WIDTH, lineBreak: false });
  };
  line(top, 'Mutu', `Harga per ${unit}`, true);
  pdf
    .moveTo(left, top + rowHeight - 3)
    .lineTo(left + width, top + rowHeight - 3)
    .lineWidth(0.5)
    .stroke('#999999');
  prices.forEach((p, i) => line(top + rowHeight * (i + 1), p.grade, formatRupiah(p.price), false));
  pdf.x = MARGIN;
  pdf.y = top + rowHeight * (prices.length + 1) + 2;
}

function clauses(pdf: Pdf, list: Clause[]) {
  list.forEach((clause, i) => {
    heading(pdf, `Pasal ${i + 1} - ${clause.title}`);
    for (const text of clause.paragraphs) paragraph(pdf, text);
  });
}

function signaturePage(pdf: Pdf, input: ContractPdfInput) {
  pdf.addPage();
  pdf
    .font('Helvetica-Bold')
    .fontSize(14)
    .text('Halaman Tanda Tangan Elektronik', MARGIN, MARGIN, { align: 'center' });
  pdf.moveDown(0.8);
  for (const role of ['petani', 'mitra'] as const) {
    heading(pdf, ROLE_LABEL[role]);
    const s = input.signatures.find((signature) => signature.signer_role === role);
    if (!s) {
      paragraph(pdf, `Belum menandatangani kontrak versi ${input.document.terms_version}.`);
      continue;
    }
    row(pdf, 'Nama', s.signer_name);
    row(pdf, 'Waktu tanda tangan', formatDateTime(s.signed_at));
    row(pdf, 'Versi syarat', String(s.terms_version));
    row(pdf, 'Hash yang ditandatangani', '');
    pdf.font('Courier').fontSize(8.5).text(s.document_sha256, MARGIN, pdf.y).moveDown(0.3);
  }
  heading(pdf, 'Hash SHA-256 dokumen');
  pdf.font('Courier-Bold').fontSize(8.5).text(input.sha256, MARGIN, pdf.y);
  pdf.moveDown(0.5);
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(
      `Hash di atas dihitung dari isi kanonik kontrak versi ${input.document.terms_version}. Berkas PDF ini ` +
        `ditandatangani secara digital oleh TaniMitra: setiap perubahan pada berkas membatalkan tanda tangan ` +
        `digitalnya. Pindai kode QR atau buka ${input.verifyUrl} untuk melihat ketentuan yang ditandatangani ` +
        `dan mengunggah berkas ini untuk memastikan keasliannya.`,
      MARGIN,
      pdf.y,
      { width: contentWidth(pdf) },
    );
}

/** On every page: the DRAF mark when unsigned, a footer with the code and page number, and the QR code. */
function stampPages(pdf: Pdf, code: string, verifyUrl: string, draft: boolean) {
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0; // writing inside the margin must not open a new page
    if (draft) {
      pdf.save().rotate(-35, { origin: [pdf.page.width / 2, pdf.page.height / 2] });
      pdf.font('Helvetica-Bold').fontSize(110).fillColor('#c62828', 0.18);
      pdf.text('DRAF', 0, pdf.page.height / 2 - 60, { width: pdf.page.width, align: 'center' });
      pdf.restore().fillColor('black', 1);
    }
    pdf.font('Helvetica').fontSize(8).fillColor('#555555');
    pdf.text(`Kode verifikasi ${code} - Halaman ${i + 1} dari ${count}`, MARGIN, pdf.page.height - 36, {
      width: contentWidth(pdf),
      align: 'center',
    });
    pdf.fillColor('black');
    drawQr(pdf, verifyUrl, pdf.page.width - MARGIN - QR_SIZE, pdf.page.height - QR_SIZE - 12, QR_SIZE);
    pdf.page.margins.bottom = bottom;
  }
}

/** The contract's PDF (Indonesian) from the canonical document of one version and its signatures. */
export function renderContractPdf(
  input: ContractPdfInput,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const { document: doc } = input;
  const draft = isDraft(input.signatures, doc.terms_version);
  const clauseList = standardClauses(doc.clauses_version, {
    deliveryTerms: doc.delivery_terms,
    district: doc.lahan?.location?.district ?? null,
    paymentDays: doc.payment_days,
  });
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM },
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      Title: `Kontrak ${doc.title}`,
      Subject: `Kode verifikasi ${doc.verification_code}`,
      Creator: 'TaniMitra',
      Producer: 'TaniMitra',
      CreationDate: input.createdAt,
      TaniMitraVerifikasi: input.marker,
    } as PDFKit.DocumentInfo,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf.font('Helvetica-Bold').fontSize(16).text('KONTRAK KEMITRAAN PERTANIAN', { align: 'center' });
  pdf.font('Helvetica').fontSize(12).text(doc.title, { align: 'center' });
  pdf.fontSize(9).fillColor('#555555');
  pdf.text(
    `Nomor kontrak ${doc.contract_id} - versi syarat ${doc.terms_version} - ` +
      (draft ? 'DRAF, belum ditandatangani para pihak' : 'ditandatangani para pihak'),
    { align: 'center' },
  );
  pdf.fillColor('black');
  verificationBox(pdf, doc.verification_code, input.verifyUrl);
  parties(pdf, doc);
  lahanAndTerms(pdf, doc);
  clauses(pdf, clauseList);
  signaturePage(pdf, input);
  stampPages(pdf, doc.verification_code, input.verifyUrl, draft);
  pdf.end();
  return done;
}
