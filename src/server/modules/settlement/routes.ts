import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/guards.js';
import { IdParams, okResponse } from '../../http/schemas.js';
import { partyRead, pdfRoute, photoOf } from '../contracts/party-routes.js';
import { childRoutes } from '../contracts/child-routes.js';
import { DocumentBytes } from '../documents/reply.js';
import { confirmAdvance, listAdvances, recordAdvance } from './advances.js';
import { confirmPayment, listPayments, paymentPhoto, recordPayment } from './payments.js';
import { Advance, AdvanceBody, Payment, PaymentBody, PaymentParams, Settlement } from './schema.js';
import { readSettlement } from './settlement.js';
import { statementPdf } from './statement.js';

const S = MESSAGES.settlement;
const tags = ['settlement'];
const WHO_READS = 'The parties and admins; anyone else 404.';

/** `/contract/{id}/advances`: the mitra records inputs and cash advanced, the petani confirms each. */
export const advanceRoutes: FastifyPluginAsyncTypebox = async (app) =>
  childRoutes(app, {
    tags,
    record: Advance,
    key: 'advanceId',
    list: { summary: "A contract's advances, oldest first", description: WHO_READS, run: listAdvances },
    add: {
      summary: 'Record an advance (the mitra, approved or active contract)',
      description:
        'kind benih|pupuk|pestisida|uang_tunai|lainnya, amount integer rupiah 1..999,999,999,999,999, date ' +
        'YYYY-MM-DD not after today (WIB), note optional (≤ 500). Deducted at settlement once the petani ' +
        'confirms it. One transaction with its event (advance) and audit row; the contract then awaits the ' +
        'petani. Not a party: 404; the petani or an admin: 403; another status: 409.',
      body: AdvanceBody,
      run: recordAdvance,
      message: S.advanceRecorded,
    },
    steps: {
      confirm: {
        summary: 'Confirm receiving an advance (the petani)',
        description:
          'From then on it is deducted at settlement. One transaction with its event (confirm_advance) and ' +
          'audit row. Already confirmed: 409. Not a party, or an advance of another contract: 404; the mitra ' +
          'or an admin: 403.',
        run: confirmAdvance,
        message: S.advanceConfirmed,
      },
    },
  });

/** `/contract/{id}/payments`: the mitra records payments with their proof, the petani confirms each receipt. */
export const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  childRoutes(app, {
    tags,
    record: Payment,
    key: 'paymentId',
    list: { summary: "A contract's payments, oldest first", description: WHO_READS, run: listPayments },
    add: {
      summary: 'Record a payment (the mitra, active, completed or cancelled contract)',
      description:
        'amount integer rupiah, at most the outstanding amount less the payments awaiting confirmation ' +
        "(more: 400 on `amount` naming what may still be paid; checked under the contract's row lock, so " +
        'concurrent payments never exceed it together), method transfer|e_wallet|tunai, reference (1–100), ' +
        'date YYYY-MM-DD not after today (WIB), photo optional ({file_name, mime_type image/jpeg|png|webp, ' +
        'content_base64}, at most 5 MB). Counts as paid once the petani confirms it. One transaction with its ' +
        'event (pay) and audit row; the contract then awaits the petani. Not a party: 404; the petani or an ' +
        'admin: 403; another status: 409.',
      body: PaymentBody,
      run: recordPayment,
      message: S.paymentRecorded,
      photo: true,
    },
    steps: {
      confirm: {
        summary: 'Confirm receiving a payment (the petani)',
        description:
          'From then on it counts as paid. One transaction with its event (confirm_payment) and audit row. ' +
          'Already confirmed: 409. Not a party, or a payment of another contract: 404; the mitra or an admin: 403.',
        run: confirmPayment,
        message: S.paymentConfirmed,
      },
    },
  });

  app.get(
    '/:paymentId/photo',
    partyRead(
      {
        tags,
        summary: "A payment's proof photo",
        description: 'The parties and admins; anyone else, or a payment without a photo: 404. Never cached.',
        params: PaymentParams,
      },
      DocumentBytes,
    ),
    photoOf('paymentId', paymentPhoto),
  );
};

/** `/contract/{id}/settlement`: what was delivered, deducted, paid and is still owed; its signed statement. */
export const settlementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    partyRead(
      {
        tags,
        summary: "A contract's settlement",
        description:
          'gross (Σ value of confirmed deliveries), advances (Σ confirmed), net = max(gross − advances, 0), ' +
          'paid (Σ confirmed payments), pending (payments awaiting confirmation), outstanding = max(net − paid, ' +
          '0), payment_status unpaid|partial|paid|overdue (overdue: owed past due_date, today in WIB), ' +
          'due_date, payment_days, advance_balance = max(advances − gross, 0); integer rupiah. ' +
          WHO_READS,
        params: IdParams,
      },
      okResponse(Settlement),
    ),
    async (request) => ok(await readSettlement(request.db, currentUser(request), request.params.id)),
  );

  pdfRoute(
    app,
    '/pdf',
    {
      tags,
      summary: 'The settlement statement as a PDF (Indonesian)',
      description:
        'As of now: each confirmed delivery (lot, date, grade, quantity, value) and the gross, the confirmed ' +
        'advances deducted, the net, each payment (received or awaiting), what is still owed, the due date ' +
        'and the payment status. Digitally signed by the platform certificate like the contract PDF ' +
        '(adbe.pkcs7.detached over the whole file): any change breaks the signature. ' +
        WHO_READS +
        ' `Content-Disposition: attachment; filename="rekening-<code>.pdf"`.',
      params: IdParams,
    },
    async (db, config, user, { id }) => {
      const { code, pdf } = await statementPdf(db, config, user, id);
      return { fileName: `rekening-${code}.pdf`, pdf };
    },
  );
};
