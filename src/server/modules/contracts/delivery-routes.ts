import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { DocumentBytes } from '../documents/reply.js';
import { Delivery, DeliveryBody, DeliveryParams, DisputeBody, ResolveBody } from './delivery-schema.js';
import { deliveryReceipt } from './delivery-receipt.js';
import {
  confirmDelivery,
  deliveryPhoto,
  disputeDelivery,
  listDeliveries,
  recordDelivery,
  resolveDelivery,
} from './deliveries.js';
import { partyRead, pdfRoute, photoOf } from './party-routes.js';
import { childRoutes } from './child-routes.js';

const M = MESSAGES.contract;
const D = MESSAGES.delivery;
const tags = ['contract'];

/**
 * `/contract/{id}/deliveries`: the mitra records each lot weighed and graded, the petani confirms or disputes
 * it, an admin resolves a dispute; each lot has a receipt whose QR code opens its public trace.
 */
export const deliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  childRoutes(app, {
    tags,
    record: Delivery,
    key: 'deliveryId',
    list: {
      summary: "A contract's deliveries, oldest first",
      description: 'Parties and admins; anyone else 404.',
      run: listDeliveries,
    },
    add: {
      summary: 'Record a delivery (the mitra, active contract)',
      description:
        'date (YYYY-MM-DD, not before the contract started, not after today in WIB); gross_quantity > 0, ' +
        'accepted_quantity and rejected_quantity ≥ 0 with accepted + rejected ≤ gross (at most 2 decimals, ' +
        'in the contract’s unit); rejection_reason required when rejected_quantity > 0; grade one of the ' +
        'contract’s `prices` grades (else 400 on `grade` naming them); photo optional ({file_name, ' +
        'mime_type image/jpeg|png|webp, content_base64}, at most 5 MB). The server gives the lot_code and ' +
        'the value: round(accepted_quantity × the grade’s price) in whole rupiah; status `recorded`. One ' +
        'transaction with its event (deliver) and audit row; the contract then awaits the petani. Not a ' +
        'party: 404; the petani or an admin: 403; not active: 409.',
      body: DeliveryBody,
      run: recordDelivery,
      message: M.deliveryRecorded,
      photo: true,
    },
    steps: {
      confirm: {
        summary: 'Confirm receipt of a delivery (the petani, active contract)',
        description:
          'recorded → confirmed: the delivery now counts in the settlement (refreshed in the same ' +
          'transaction, with its event (confirm) and audit row); the contract awaits the mitra once no ' +
          'delivery is still recorded. Confirmed or disputed already: 409. Not a party, or a delivery of ' +
          'another contract: 404.',
        run: confirmDelivery,
        message: M.deliveryConfirmed,
      },
      dispute: {
        summary: 'Dispute a delivery as recorded (the petani, active contract)',
        description:
          '{reason} (required, at most 1000 characters). recorded → disputed: it does not count in the ' +
          'settlement until an admin resolves it. One transaction with its event (dispute) and audit row. ' +
          'Confirmed or disputed already: 409. The mitra or an admin: 403. Not a party, or a delivery of ' +
          'another contract: 404.',
        body: DisputeBody,
        run: disputeDelivery,
        message: D.disputed,
      },
      resolve: {
        summary: 'Resolve a disputed delivery (an admin, active contract)',
        description:
          '{accepted_quantity?, rejected_quantity?, rejection_reason?, grade?, note}: disputed → confirmed ' +
          'with the corrections given (checked as a new delivery is, against its gross_quantity), the value ' +
          'computed again, `resolution_note` the note (required). The settlement is refreshed in the same ' +
          'transaction, with its event (resolve) and audit row. Not disputed: 409. A party: 403.',
        body: ResolveBody,
        run: resolveDelivery,
        message: D.resolved,
      },
    },
  });

  pdfRoute(
    app,
    '/:deliveryId/receipt',
    {
      tags,
      summary: 'A delivery’s receipt as a PDF (Indonesian)',
      description:
        'The lot code, the contract’s title and verification code, the date, commodity, gross, accepted ' +
        'and rejected quantities, grade, value (rupiah) and status, with a QR code of ' +
        '`PUBLIC_URL`/lacak/{lot_code}, the lot’s public trace page. Parties and admins; anyone else, or a ' +
        'delivery of another contract: 404. `Content-Disposition: attachment; ' +
        'filename="tanda-terima-<lot>.pdf"`.',
      params: DeliveryParams,
    },
    async (db, config, user, { id, deliveryId }) => {
      const { lot, pdf } = await deliveryReceipt(db, config, user, id, deliveryId);
      return { fileName: `tanda-terima-${lot}.pdf`, pdf };
    },
  );

  app.get(
    '/:deliveryId/photo',
    partyRead(
      {
        tags,
        summary: "A delivery's photo",
        description: 'The parties and admins; anyone else, or a delivery without a photo: 404. Never cached.',
        params: DeliveryParams,
      },
      DocumentBytes,
    ),
    photoOf('deliveryId', deliveryPhoto),
  );
};
