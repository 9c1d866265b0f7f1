import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { UPLOAD_MIME_TYPES } from './file-types.js';

const bytes = { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) };

/** The 200 answer of a route that sends a stored document's bytes, as OpenAPI shows it: each type it may have. */
export const DocumentBytes = {
  description: 'The file, with the Content-Type it was uploaded as',
  content: Object.fromEntries(UPLOAD_MIME_TYPES.map((type) => [type, bytes])),
};

/** `inline; filename="…"` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends a stored document: its type and name, never cached, never run as a page. */
export function sendDocument(
  reply: FastifyReply,
  doc: { mime_type: string; file_name: string; content: Uint8Array },
) {
  const bytes = Buffer.from(doc.content.buffer, doc.content.byteOffset, doc.content.byteLength);
  return (
    reply
      .header('Content-Type', doc.mime_type)
      .header('Content-Disposition', contentDisposition(doc.file_name))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      // Opened directly, a document (an SVG above all) may not run scripts or load anything.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(bytes)
  );
}

/** The 200 answer of a route that makes a PDF (a contract, a lot's receipt, a statement), as OpenAPI shows it. */
export const PdfBytes = { description: 'application/pdf', content: { 'application/pdf': bytes } };

/** Sends a PDF the server made, as a download named `fileName`, never cached. */
export const sendPdf = (reply: FastifyReply, fileName: string, pdf: Uint8Array) =>
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(pdf);
