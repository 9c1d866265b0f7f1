import { deflateSync, inflateSync } from 'node:zlib';

/**
 * A PDF with one shown text changed the way an editor would, keeping every byte offset: the content stream
 * drawing `from` is inflated, the text operator holding it is rewritten with `to`, and the stream is
 * deflated again into its old length (padded with zero bytes, which FlateDecode readers ignore after the
 * end of the data). The file's structure and its signature's ByteRange stay as they were.
 */
export function editShownText(pdf: Buffer, from: string, to: string): Buffer {
  const source = pdf.toString('latin1');
  const streams = /<<((?:[^<>]|<<[^<>]*>>)*)>>\s*stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const length = /\/Length (\d+)(?!\d| \d+ R)/.exec(match[1]!);
    if (!length || !match[1]!.includes('FlateDecode')) continue;
    const start = match.index + match[0].length;
    const end = start + Number(length[1]);
    streams.lastIndex = end;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    const ops = /\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F\s]*>)\s*Tj/g;
    for (const op of content.matchAll(ops)) {
      const shown = [...(op[1] ?? op[2]!).matchAll(/<([0-9a-fA-F\s]*)>/g)]
        .map((s) => Buffer.from(s[1]!.replace(/\s/g, ''), 'hex').toString('latin1'))
        .join('');
      if (!shown.includes(from)) continue;
      const edited =
        content.slice(0, op.index) +
        `<${Buffer.from(shown.replace(from, to), 'latin1').toString('hex')}> Tj` +
        content.slice(op.index + op[0].length);
      return Buffer.concat([
        pdf.subarray(0, start),
        squeeze(Buffer.from(edited, 'latin1'), end - start),
        pdf.subarray(end),
      ]);
    }
  }
  throw new Error(`no text operator shows "${from}"`);
}

function squeeze(content: Buffer, size: number): Buffer {
  for (const level of [9, 8, 7, 6, 5, 4, 3, 2, 1]) {
    const packed = deflateSync(content, { level });
    if (packed.length <= size) return Buffer.concat([packed, Buffer.alloc(size - packed.length)]);
  }
  throw new Error('the edited stream does not fit in its old length');
}
