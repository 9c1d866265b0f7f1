import PDFDocument from 'pdfkit';
import { formatDateTime, formatLongDate, formatNumber, formatRupiah } from '../../../shared/format-id.js';
import {
  ADVANCE_KIND_LABEL,
  PAYMENT_METHOD_LABEL,
  PAYMENT_STATUS_LABEL,
  type AdvanceKind,
  type PaymentMethod,
} from '../../../shared/settlement.js';
import { contentWidth, heading, MARGIN, row, type Pdf } from '../contracts/pdf-layout.js';
import type { StatementData } from './statement.js';

const BOTTOM = 72;
const ROW_HEIGHT = 15;

/** A table's column: its title, its share of the width, and what a row shows in it. */
interface Column<T> {
  title: string;
  share: number;
  right?: boolean;
  cell: (row: T) => string;
}

/** A table under its heading: a bold header line, then one line per row (`-` for none). */
function table<T>(pdf: Pdf, title: string, rows: T[], columns: Column<T>[]) {
  heading(pdf, title);
  const width = contentWidth(pdf);
  const line = (cells: string[], bold = false) => {
    if (pdf.y + ROW_HEIGHT > pdf.page.height - BOTTOM) pdf.addPage();
    const top = pdf.y;
    let left = MARGIN;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    columns.forEach((column, i) => {
      const w = width * column.share;
      pdf.text(cells[i] ?? '', left, top, {
        width: w - 4,
        lineBreak: false,
        align: column.right ? 'right' : 'left',
      });
      left += w;
    });
    pdf.x = MARGIN;
    pdf.y = top + ROW_HEIGHT;
  };
  line(
    columns.map((c) => c.title),
    true,
  );
  if (rows.length === 0) line(['-']);
  for (const row of rows) line(columns.map((c) => c.cell(row)));
  pdf.moveDown(0.3);
}

/** The settlement statement (Indonesian): deliveries, deductions, net, payments, what is still owed. */
export function renderStatementPdf(
  data: StatementData,
  { verifyUrl, madeAt }: { verifyUrl: string; madeAt: Date },
): Promise<Buffer> {
  const { contract, settlement: s } = data;
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM },
    info: {
      Title: `Rekening penyelesaian ${contract.title}`,
      Subject: `Kode verifikasi ${contract.verification_code}`,
      Creator: 'TaniMitra',
      Producer: 'TaniMitra',
      CreationDate: madeAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf.font('Helvetica-Bold').fontSize(16).text('REKENING PENYELESAIAN KONTRAK', { align: 'center' });
  pdf.font('Helvetica').fontSize(12).text(contract.title, { align: 'center' });
  pdf
    .fontSize(9)
    .fillColor('#555555')
    .text(`Nomor kontrak ${contract.id} - per ${formatDateTime(madeAt)}`, { align: 'center' })
    .fillColor('black');

  heading(pdf, 'Kontrak');
  row(pdf, 'Kode verifikasi', contract.verification_code);
  row(pdf, 'Petani', contract.fullname_petani);
  row(pdf, 'Mitra', contract.fullname_mitra);
  row(pdf, 'Komoditas', contract.commodity);
  row(pdf, 'Jangka pembayaran', `${s.payment_days} hari setelah konfirmasi pengiriman`);

  table(pdf, 'Pengiriman yang dikonfirmasi', data.deliveries, [
    { title: 'Lot', share: 0.24, cell: (d) => d.lot_code },
    { title: 'Tanggal', share: 0.2, cell: (d) => formatLongDate(d.date) },
    { title: 'Mutu', share: 0.1, cell: (d) => d.grade },
    {
      title: `Jumlah (${contract.unit})`,
      share: 0.2,
      right: true,
      cell: (d) => formatNumber(d.accepted_quantity),
    },
    { title: 'Nilai', share: 0.26, right: true, cell: (d) => formatRupiah(d.value) },
  ]);
  row(pdf, 'Nilai bruto', formatRupiah(s.gross));

  table(pdf, 'Potongan uang muka dan sarana produksi', data.advances, [
    { title: 'Jenis', share: 0.4, cell: (a) => ADVANCE_KIND_LABEL[a.kind as AdvanceKind] },
    { title: 'Tanggal', share: 0.3, cell: (a) => formatLongDate(a.date) },
    { title: 'Jumlah', share: 0.3, right: true, cell: (a) => formatRupiah(a.amount) },
  ]);
  row(pdf, 'Total potongan', formatRupiah(s.advances));
  row(pdf, 'Nilai bersih', formatRupiah(s.net));
  if (s.advance_balance > 0) row(pdf, 'Sisa uang muka', formatRupiah(s.advance_balance));

  table(pdf, 'Pembayaran', data.payments, [
    { title: 'Tanggal', share: 0.22, cell: (p) => formatLongDate(p.date) },
    { title: 'Metode', share: 0.18, cell: (p) => PAYMENT_METHOD_LABEL[p.method as PaymentMethod] },
    { title: 'Referensi', share: 0.22, cell: (p) => p.reference },
    { title: 'Status', share: 0.16, cell: (p) => (p.confirmed ? 'Diterima' : 'Menunggu') },
    { title: 'Jumlah', share: 0.22, right: true, cell: (p) => formatRupiah(p.amount) },
  ]);
  row(pdf, 'Total dibayar', formatRupiah(s.paid));
  if (s.pending > 0) row(pdf, 'Menunggu konfirmasi', formatRupiah(s.pending));

  heading(pdf, 'Ringkasan');
  row(pdf, 'Sisa tagihan', formatRupiah(s.outstanding));
  row(pdf, 'Jatuh tempo', s.due_date ? formatLongDate(s.due_date) : '-');
  row(pdf, 'Status pembayaran', PAYMENT_STATUS_LABEL[s.payment_status]);

  pdf.moveDown(1);
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(
      'Rekening ini disusun TaniMitra dari pengiriman, uang muka dan pembayaran yang tercatat pada kontrak, ' +
        'dan ditandatangani secara digital oleh TaniMitra: setiap perubahan pada berkas membatalkan tanda ' +
        `tangan digitalnya. Periksa kontrak di ${verifyUrl}.`,
      MARGIN,
      pdf.y,
      { width: contentWidth(pdf) },
    );
  pdf.end();
  return done;
}
