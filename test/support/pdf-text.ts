import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, as far as a test needs it: every content stream (inflated when FlateDecode) and the
 * strings its text operators draw — literal `(…)` and hex `<…>` strings, the pieces of one TJ array joined,
 * one line per operator. Enough for the standard fonts pdfkit writes (WinAnsi codes); glyph ids of embedded
 * fonts are not mapped.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const source = pdf.toString('latin1');
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    const header = source.slice(Math.max(0, source.lastIndexOf('<<', match.index)), match.index);
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = (header.includes('FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(
      /\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\))\s*Tj/g,
    )) {
      lines.push(stringsOf(op[1] ?? op[2] ?? ''));
    }
    streams.lastIndex = end;
  }
  return lines.join('\n');
}

function stringsOf(operands: string): string {
  let text = '';
  for (const s of operands.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:[^)\\]|\\.)*)\)/g)) {
    if (s[1] !== undefined) text += Buffer.from(s[1].replace(/\s/g, ''), 'hex').toString('latin1');
    else text += s[2]!.replace(/\\([()\\])/g, '$1');
  }
  return text;
}
