import PDFDocument from 'pdfkit';
import { formatDateTime, formatLongDate, formatNumber, formatRupiah } from '../../../shared/format-id.js';
import { DELIVERY_STATUS_LABEL } from '../../../shared/settlement.js';
import type { ReceiptData } from './delivery-receipt.js';
import { contentWidth, dash, heading, MARGIN, row, type Pdf } from './pdf-layout.js';
import { drawQr } from './pdf-qr.js';

const QR_SIZE = 110;
const BOX_HEIGHT = QR_SIZE + 16;

/** The lot code in a box, with the QR code of its public trace page beside it. */
function lotBox(pdf: Pdf, data: ReceiptData) {
  const top = pdf.y + 6;
  const width = contentWidth(pdf);
  pdf.rect(MARGIN, top, width, BOX_HEIGHT).lineWidth(1).stroke('#2e7d32');
  const textWidth = width - QR_SIZE - 36;
  pdf
    .font('Helvetica')
    .fontSize(9)
    .fillColor('black')
    .text('Kode lot', MARGIN + 12, top + 12);
  pdf
    .font('Courier-Bold')
    .fontSize(20)
    .text(data.lot_code, MARGIN + 12, top + 26);
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(`Pindai kode QR atau buka ${data.traceUrl} untuk melacak asal lot ini.`, MARGIN + 12, top + 56, {
      width: textWidth,
    });
  drawQr(pdf, data.traceUrl, MARGIN + width - QR_SIZE - 8, top + 8, QR_SIZE);
  pdf.x = MARGIN;
  pdf.y = top + BOX_HEIGHT + 8;
}

const quantity = (value: number, unit: string) => `${formatNumber(value)} ${unit}`;

/** A delivery's receipt (Indonesian, A4): the lot, its weighing, grade and value, and its contract. */
export function renderReceiptPdf(data: ReceiptData): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    info: {
      Title: `Tanda terima pengiriman ${data.lot_code}`,
      Subject: `Kontrak ${data.title} - kode verifikasi ${data.verification_code}`,
      Creator: 'TaniMitra',
      Producer: 'TaniMitra',
      CreationDate: data.created_at,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf.font('Helvetica-Bold').fontSize(16).text('TANDA TERIMA PENGIRIMAN', { align: 'center' });
  pdf.font('Helvetica').fontSize(12).text(data.title, { align: 'center' });
  pdf.fontSize(9).fillColor('#555555');
  pdf.text(`Nomor kontrak ${data.contract_id} - kode verifikasi ${data.verification_code}`, {
    align: 'center',
  });
  pdf.fillColor('black');
  lotBox(pdf, data);

  heading(pdf, 'Pengiriman');
  row(pdf, 'Tanggal pengiriman', formatLongDate(data.date));
  row(pdf, 'Komoditas', data.commodity);
  row(pdf, 'Berat kotor', quantity(data.gross_quantity, data.unit));
  row(pdf, 'Jumlah diterima', quantity(data.accepted_quantity, data.unit));
  row(pdf, 'Jumlah ditolak', quantity(data.rejected_quantity, data.unit));
  if (data.rejected_quantity > 0) row(pdf, 'Alasan penolakan', dash(data.rejection_reason));
  row(pdf, 'Mutu', data.grade);
  row(pdf, 'Nilai', formatRupiah(data.value));
  row(pdf, 'Status', DELIVERY_STATUS_LABEL[data.status]);
  row(pdf, 'Dicatat', formatDateTime(data.created_at));

  heading(pdf, 'Kontrak');
  row(pdf, 'Judul', data.title);
  row(pdf, 'Kode verifikasi', data.verification_code);
  row(pdf, 'Periksa kontrak', data.verifyUrl);
  pdf.end();
  return done;
}
