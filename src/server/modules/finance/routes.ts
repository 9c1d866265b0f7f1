import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { Type, type TSchema } from 'typebox';
import type { Db } from '../../db/engine/client.js';
import { ok, sendPagedList } from '../../http/envelope.js';
import { listResponse, okResponse } from '../../http/schemas.js';
import { outstandingCsv, overdueCsv } from './export.js';
import { FinancePageQuery, FinanceSummary, OutstandingRow, OverdueRow } from './schema.js';
import { financeSummary, outstandingPage, overduePage } from './service.js';

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const csvResponse = {
  200: {
    description: 'text/csv; charset=utf-8',
    content: { 'text/csv': { schema: Type.String() } },
  },
};

const sendCsv = (reply: FastifyReply, name: string, body: Readable) =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="tanimitra-${name}-${dayOf(new Date())}.csv"`)
    .header('Cache-Control', 'private, no-store')
    .send(body);

const CSV_NOTE =
  'Streamed as CSV (UTF-8 with a byte order mark, comma-separated, every cell quoted, Indonesian headers, ' +
  'amounts as integer rupiah), `Content-Disposition: attachment`.';

/** A paged list of the finance view: its rows as `row` says, in the lists' envelope. */
const pageSchema = <T extends TSchema>(summary: string, description: string, row: T) => ({
  schema: {
    tags: ['finance'],
    summary,
    description,
    querystring: FinancePageQuery,
    response: { 200: listResponse(row) },
  },
});

/** Answers the page `read` gives for the request's query. */
const sendPage =
  (read: (db: Db, query: FinancePageQuery) => Promise<{ data: unknown[]; total: number }>) =>
  async (request: FastifyRequest & { query: FinancePageQuery }, reply: FastifyReply) => {
    const page = await read(request.db, request.query);
    return sendPagedList(reply, { data: JSON.stringify(page.data), total: page.total }, request.query);
  };

/** `GET /<list>.csv`: every row of the list `GET /<list>` pages, streamed as `tanimitra-<name>-<day>.csv`. */
function csvRoute(
  app: Parameters<FastifyPluginAsyncTypebox>[0],
  list: string,
  summary: string,
  name: string,
  rows: (db: Db) => Promise<Readable>,
) {
  app.get(
    `/${list}.csv`,
    {
      schema: {
        tags: ['finance'],
        summary,
        description: `Every row of GET /admin/finance/${list}, in its order. ${CSV_NOTE}`,
        response: csvResponse,
      },
    },
    async (request, reply) => sendCsv(reply, name, await rows(request.db)),
  );
}

/** `/admin/finance/…`, in the admin scope (admins only): the finance view and its CSV exports. */
export const financeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/summary',
    {
      schema: {
        tags: ['finance'],
        summary: 'Finance totals over every contract',
        description:
          'Value delivered (Σ confirmed deliveries), paid (Σ confirmed payments), still outstanding and how many ' +
          'contracts owe it, the overdue amount and count (owing past the payment due date, today in WIB), and the ' +
          'median days from a delivery’s confirmation to its payment over the deliveries paid in the last 90 days.',
        response: { 200: okResponse(FinanceSummary) },
      },
    },
    async (request) => ok(await financeSummary(request.db)),
  );

  app.get(
    '/outstanding',
    pageSchema(
      'What each mitra still owes',
      'One row per mitra with contracts still owing: how many, the amount, the part past due and the oldest ' +
        'due date. Sorted by outstanding, largest first; paged, exact total.',
      OutstandingRow,
    ),
    sendPage(outstandingPage),
  );

  app.get(
    '/overdue',
    pageSchema(
      'Contracts owing past their payment due date',
      'Contracts with something outstanding whose payment due date is before today (WIB): the parties, the ' +
        'amount, the due date and the days late. Longest late first; paged, exact total.',
      OverdueRow,
    ),
    sendPage(overduePage),
  );

  csvRoute(app, 'outstanding', 'Export what each mitra still owes as CSV', 'sisa-tagihan', outstandingCsv);
  csvRoute(app, 'overdue', 'Export the overdue contracts as CSV', 'pembayaran-terlambat', overdueCsv);
};
