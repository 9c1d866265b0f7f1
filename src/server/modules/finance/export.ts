import { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { CSV_BOM, csvLine } from '../../../shared/csv.js';
import { FINANCE_CSV } from '../../../shared/messages/finance.js';
import type { Db } from '../../db/engine/client.js';
import { openCursor, type Cursor } from '../../db/engine/cursor.js';
import { outstandingQuery, outstandingRow, overdueQuery, overdueRow } from './service.js';

/** Rows per FETCH. */
export const EXPORT_BATCH = 1000;

type Cell = string | number | null;

/** One export: its query, its row, and each cell's Indonesian header by the row's field it shows, in order. */
interface CsvExport<T extends Record<string, Cell>> {
  query: SQL;
  toRow: (r: Record<string, unknown>) => T;
  columns: { readonly [K in keyof T]: string };
}

async function* csvLines<T extends Record<string, Cell>>(
  cursor: Cursor<Record<string, unknown>>,
  first: Record<string, unknown>[],
  e: CsvExport<T>,
) {
  try {
    const fields = Object.keys(e.columns) as (keyof T)[];
    yield CSV_BOM + csvLine(Object.values(e.columns));
    let rows = first;
    while (rows.length > 0) {
      yield rows
        .map((r) => {
          const row = e.toRow(r);
          return csvLine(fields.map((field) => row[field]));
        })
        .join('');
      if (rows.length < EXPORT_BATCH) break;
      rows = await cursor.fetch();
    }
  } finally {
    // Also when the client leaves mid-download: the stream is destroyed and the generator returns here.
    await cursor.close();
  }
}

/**
 * An export streamed batch by batch from a cursor. A database failure before the first batch fails the request
 * (503); a failure later cuts the download short, so a partial file is never taken for a whole one.
 */
async function csvStream<T extends Record<string, Cell>>(db: Db, e: CsvExport<T>): Promise<Readable> {
  const cursor = await openCursor<Record<string, unknown>>(db, e.query, EXPORT_BATCH, 'finance_export');
  let first: Record<string, unknown>[];
  try {
    first = await cursor.fetch();
  } catch (error) {
    await cursor.close();
    throw error;
  }
  return Readable.from(csvLines(cursor, first, e), { objectMode: false });
}

export const outstandingCsv = (db: Db) =>
  csvStream(db, {
    query: outstandingQuery(undefined),
    toRow: outstandingRow,
    columns: FINANCE_CSV.outstanding,
  });

export const overdueCsv = (db: Db) =>
  csvStream(db, { query: overdueQuery(undefined), toRow: overdueRow, columns: FINANCE_CSV.overdue });
