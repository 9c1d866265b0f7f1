import { create } from 'qrcode';

/**
 * Draws `text` as a QR code (error correction M) in a `size`-point square at (x, y), with a white quiet zone
 * of two modules inside the square: vector rectangles, so the page's bytes depend on the text alone.
 */
export function drawQr(pdf: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  pdf.save();
  pdf.rect(x, y, size, size).fill('white');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) pdf.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  pdf.fill('black');
  pdf.restore();
}
