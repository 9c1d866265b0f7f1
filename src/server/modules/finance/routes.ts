import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
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
    {
      schema: {
        tags: ['finance'],
        summary: 'What each mitra still owes',
        description:
          'One row per mitra with contracts still owing: how many, the amount, the part past due and the oldest ' +
          'due date. Sorted by outstanding, largest first; paged, exact total.',
        querystring: FinancePageQuery,
        response: { 200: listResponse(OutstandingRow) },
      },
    },
    async (request, reply) => {
      const page = await outstandingPage(request.db, request.query);
      return sendPagedList(reply, { data: JSON.stringify(page.data), total: page.total }, request.query);
    },
  );

  app.get(
    '/overdue',
    {
      schema: {
        tags: ['finance'],
        summary: 'Contracts owing past their payment due date',
        description:
          'Contracts with something outstanding whose payment due date is before today (WIB): the parties, the ' +
          'amount, the due date and the days late. Longest late first; paged, exact total.',
        querystring: FinancePageQuery,
        response: { 200: listResponse(OverdueRow) },
      },
    },
    async (request, reply) => {
      const page = await overduePage(request.db, request.query);
      return sendPagedList(reply, { data: JSON.stringify(page.data), total: page.total }, request.query);
    },
  );

  app.get(
    '/outstanding.csv',
    {
      schema: {
        tags: ['finance'],
        summary: 'Export what each mitra still owes as CSV',
        description: `Every row of GET /admin/finance/outstanding, in its order. ${CSV_NOTE}`,
        response: csvResponse,
      },
    },
    async (request, reply) => sendCsv(reply, 'sisa-tagihan', await outstandingCsv(request.db)),
  );

  app.get(
    '/overdue.csv',
    {
      schema: {
        tags: ['finance'],
        summary: 'Export the overdue contracts as CSV',
        description: `Every row of GET /admin/finance/overdue, in its order. ${CSV_NOTE}`,
        response: csvResponse,
      },
    },
    async (request, reply) => sendCsv(reply, 'pembayaran-terlambat', await overdueCsv(request.db)),
  );
};
