import { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { CSV_BOM, csvLine } from '../../../shared/csv.js';
import { FINANCE_CSV } from '../../../shared/messages/finance.js';
import type { Db } from '../../db/engine/client.js';
import { openCursor, type Cursor } from '../../db/engine/cursor.js';
import type { OutstandingRow, OverdueRow } from './schema.js';
import { outstandingQuery, outstandingRow, overdueQuery, overdueRow } from './service.js';

/** Rows per FETCH. */
export const EXPORT_BATCH = 1000;

type Cell = string | number | null;

/** One export: its query, its Indonesian header and the cells of a row, in the list's own order. */
interface CsvExport<T> {
  query: SQL;
  header: readonly string[];
  toRow: (r: Record<string, unknown>) => T;
  cells: (row: T) => Cell[];
}

async function* csvLines<T>(
  cursor: Cursor<Record<string, unknown>>,
  first: Record<string, unknown>[],
  e: CsvExport<T>,
) {
  try {
    yield CSV_BOM + csvLine([...e.header]);
    let rows = first;
    while (rows.length > 0) {
      yield rows.map((r) => csvLine(e.cells(e.toRow(r)))).join('');
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
async function csvStream<T>(db: Db, e: CsvExport<T>): Promise<Readable> {
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
  csvStream<OutstandingRow>(db, {
    query: outstandingQuery(undefined),
    header: FINANCE_CSV.outstanding,
    toRow: outstandingRow,
    cells: (r) => [
      r.mitra_id,
      r.mitra_name,
      r.company_name,
      r.contracts_owing,
      r.outstanding,
      r.overdue_amount,
      r.oldest_due_date,
    ],
  });

export const overdueCsv = (db: Db) =>
  csvStream<OverdueRow>(db, {
    query: overdueQuery(undefined),
    header: FINANCE_CSV.overdue,
    toRow: overdueRow,
    cells: (r) => [
      r.id,
      r.title,
      r.mitra_id,
      r.mitra_name,
      r.petani_id,
      r.petani_name,
      r.outstanding,
      r.due_date,
      r.days_late,
    ],
  });
