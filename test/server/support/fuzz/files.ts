import fc from 'fast-check';
import type { BodySpec } from './cases.js';

/** `%PDF… /ByteRange [0 a b c] <hex> …` whose range covers the whole text but whose signature is `hex`. */
function covering(hex: string): string {
  const head = '%PDF-1.7\n1 0 obj\n<< /Type /Sig /ByteRange [0 ';
  // Widths fixed so the numbers can be computed before they are written.
  const pad = (n: number) => String(n).padStart(10, '0');
  const start = head.length + 10 + 1 + 10 + 1 + 10 + '] /Contents '.length;
  const end = start + hex.length + 2;
  const tail = ' >>\nendobj\n%%EOF\n';
  return `${head}${pad(start)} ${pad(end)} ${pad(tail.length)}] /Contents <${hex}>${tail}`;
}

/**
 * Bodies for a route that takes a file (`contentType`): PDF-like texts with a signature field that is
 * absent, malformed, out of range or covering the file with no valid signature, arbitrary text, an empty
 * body, JSON, and the junk every route gets (`junk`).
 */
export function fileBodies(contentType: string, junk: fc.Arbitrary<BodySpec>): fc.Arbitrary<BodySpec> {
  const file = (text: string): BodySpec => ({ kind: 'raw', contentType, text });
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(
          '%PDF-1.7\n%%EOF\n',
          '%PDF-1.7 /ByteRange [0 1 2 3] /Contents <00>',
          '%PDF-1.7 /ByteRange [0 99999999999999999999 1 2] /Contents <>',
          '%PDF-1.7 /ByteRange [0 10 20 30] /ByteRange [0 10 20 30]',
          '/TaniMitraVerifikasi 1 0 R\n1 0 obj\n(0000-0000-0000-0000 versi 1 ' +
            '0'.repeat(64) +
            ')\nendobj\n',
          covering('3082'),
          covering('30800201'),
          covering('00'.repeat(64)),
          '',
        )
        .map(file),
    },
    {
      weight: 3,
      arbitrary: fc
        .string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength: 200 })
        .map((hex) => file(covering(hex))),
    },
    { weight: 2, arbitrary: fc.string({ maxLength: 200 }).map(file) },
    { weight: 1, arbitrary: fc.constant<BodySpec>({ kind: 'json', value: { file: 'x' } }) },
    { weight: 2, arbitrary: junk },
  );
}
