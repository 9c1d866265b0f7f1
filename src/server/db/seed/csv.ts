import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const AREA_DATA_DIR = path.join(path.dirname(require.resolve('idn-area-data')), '..', 'data');

/** Parses one RFC 4180 CSV line (quoted fields may contain commas and doubled quotes). */
function parseLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** Rows of a CSV file of the `idn-area-data` package, keyed by its header. */
export function readAreaCsv(file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(path.join(AREA_DATA_DIR, file), 'utf8')
    .split(/\r?\n/)
    .filter(Boolean);
  const keys = parseLine(header ?? '');
  return lines.map((line) => {
    const values = parseLine(line);
    return Object.fromEntries(keys.map((k, i) => [k, values[i] ?? '']));
  });
}
