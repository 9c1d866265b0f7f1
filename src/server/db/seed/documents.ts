/** Demo verification documents: small generated images and a one-page PDF, clearly marked as samples. */

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const svg = (width: number, height: number, fill: string, lines: string[]) =>
  new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<rect width="100%" height="100%" rx="16" fill="${fill}"/>` +
      lines
        .map(
          (l, i) =>
            `<text x="24" y="${48 + i * 36}" font-family="sans-serif" font-size="${i === 0 ? 26 : 20}" fill="#1b1b1b">${escapeXml(l)}</text>`,
        )
        .join('') +
      `</svg>`,
  );

export const ktpImage = (name: string, nik: string) =>
  svg(640, 400, '#cfe3f7', [
    'KARTU TANDA PENDUDUK',
    `NIK: ${nik.slice(0, 6)}••••••${nik.slice(-4)}`,
    `Nama: ${name}`,
    'CONTOH — DATA DEMO',
  ]);
export const selfieImage = (name: string) =>
  svg(480, 480, '#f3e6cf', ['SWAFOTO DENGAN KTP', name, 'CONTOH — DATA DEMO']);
export const supportingImage = (name: string) =>
  svg(640, 400, '#e3f2e1', ['DOKUMEN PENDUKUNG', name, 'CONTOH — DATA DEMO']);

/** A minimal valid one-page PDF with one line of text. */
export function loaPdf(company: string, number: string): Uint8Array {
  const text = `Letter of Agreement ${number} - ${company} (CONTOH)`.replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 40 780 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
