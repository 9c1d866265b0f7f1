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
  // A stream's dictionary, then its data: `/Length` bytes. Compressed data may hold any bytes, "<<" and
  // "stream" too, so the search for the next stream starts after this one's data, never inside it.
  const streams = /<<((?:[^<>]|<<[^<>]*>>)*)>>\s*stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const dict = match[1]!;
    const start = match.index + match[0].length;
    const length = /\/Length (\d+)(?!\d| \d+ R)/.exec(dict);
    const end = length ? start + Number(length[1]) : source.indexOf('endstream', start);
    if (end < 0) break;
    streams.lastIndex = end;
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = (dict.includes('FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(
      /\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\))\s*Tj/g,
    )) {
      lines.push(stringsOf(op[1] ?? op[2] ?? ''));
    }
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
