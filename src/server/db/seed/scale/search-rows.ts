import type { Tx } from '../../engine/client.js';
import { literal, rowsOfQuery } from './sql.js';

/**
 * The row of `table` that `<table>_search_docs` (functions/60-search-text.sql) is given for each staged row `x`:
 * only the columns the function reads, the others NULL. A lahan row carries its boundary (gps, bbox, centroid),
 * which the search document never reads but the function's joins would carry through each of their hash tables.
 * The columns read are those the function's body names after its rows' alias (`FROM unnest(batch) <alias>`);
 * where it uses the whole row, or the body reads otherwise, the whole row (`ROW(x.*)`).
 */
export async function searchRow(tx: Tx, table: string): Promise<string> {
  const whole = `ROW(x.*)::${table}`;
  const [fn] = await rowsOfQuery<{ body: string | null }>(
    tx,
    `SELECT (SELECT prosrc FROM pg_proc WHERE oid = to_regproc(${literal(`${table}_search_docs`)})) AS body`,
  );
  const body = fn?.body ?? '';
  const declared = /\bFROM\s+unnest\(\s*batch\s*\)\s+(?:AS\s+)?([a-z_][a-z0-9_]*)\b/i.exec(body);
  if (!declared) return whole;
  const rest = body.replace(declared[0], ' ');
  const uses = [...rest.matchAll(new RegExp(`\\b${declared[1]}\\b(\\.\\s*"?([a-z_][a-z0-9_]*)"?)?`, 'gi'))];
  // Every other use names a column (not `*`, not the whole row).
  const columns = uses.map((m) => m[2]?.toLowerCase());
  if (!uses.length || columns.some((c) => !c)) return whole;
  const read = new Set(columns);
  const attributes = await rowsOfQuery<{ name: string; quoted: string; type: string }>(
    tx,
    `SELECT attname AS name, quote_ident(attname) AS quoted, format_type(atttypid, atttypmod) AS type
     FROM pg_attribute WHERE attrelid = ${literal(table)}::regclass AND attnum > 0 AND NOT attisdropped
     ORDER BY attnum`,
  );
  if (![...read].every((c) => attributes.some((a) => a.name === c))) return whole;
  const fields = attributes.map((a) => (read.has(a.name) ? `x.${a.quoted}` : `NULL::${a.type}`));
  return `ROW(${fields.join(', ')})::${table}`;
}
