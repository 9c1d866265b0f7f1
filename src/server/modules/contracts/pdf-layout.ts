/** What the PDFs the server makes (a contract, a lot's receipt, a statement) draw alike: margins, headings, rows. */
export const MARGIN = 56;
/** Room under the text for the footer and the QR code. */
export const BOTTOM = 84;
export const LABEL_WIDTH = 150;

export type Pdf = PDFKit.PDFDocument;

export const dash = (value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? '-' : value;
export const contentWidth = (pdf: Pdf) => pdf.page.width - MARGIN * 2;

export function keepRoom(pdf: Pdf, height: number) {
  if (pdf.y + height > pdf.page.height - BOTTOM) pdf.addPage();
}

export function heading(pdf: Pdf, text: string) {
  keepRoom(pdf, 60);
  pdf.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(text, MARGIN).moveDown(0.3);
}

/** A label and its value side by side. */
export function row(pdf: Pdf, label: string, value: string) {
  keepRoom(pdf, 30);
  const top = pdf.y;
  pdf.font('Helvetica').fontSize(10).text(label, MARGIN, top, { width: LABEL_WIDTH });
  const afterLabel = pdf.y;
  pdf.text(value, MARGIN + LABEL_WIDTH + 10, top, { width: contentWidth(pdf) - LABEL_WIDTH - 10 });
  pdf.x = MARGIN;
  pdf.y = Math.max(afterLabel, pdf.y) + 2;
}

export function paragraph(pdf: Pdf, text: string) {
  keepRoom(pdf, 30);
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(text, MARGIN, pdf.y, { width: contentWidth(pdf) });
  pdf.moveDown(0.3);
}
