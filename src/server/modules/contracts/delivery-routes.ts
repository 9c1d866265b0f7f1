import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { AUDIT_EVERY_ACTOR } from '../../http/audit.js';
import { created, ok } from '../../http/envelope.js';
import { currentUser, requireRole } from '../../http/guards.js';
import { ErrorResponse, IdParams, okResponse } from '../../http/schemas.js';
import { DocumentBytes, sendDocument } from '../documents/reply.js';
import { Delivery, DeliveryBody, DeliveryParams } from './delivery-schema.js';
import { confirmDelivery, deliveryPhoto, listDeliveries, recordDelivery } from './deliveries.js';

const M = MESSAGES.contract;
const tags = ['contract'];
const refused = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/** `/contract/{id}/deliveries`: the mitra records what was delivered, the petani confirms each receipt. */
export const deliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      onRequest: requireRole(),
      schema: {
        tags,
        summary: "A contract's deliveries, oldest first",
        description: 'Parties and admins; anyone else 404.',
        params: IdParams,
        response: { 200: okResponse(Type.Array(Delivery)), 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => ok(await listDeliveries(request.db, currentUser(request), request.params.id)),
  );

  app.post(
    '',
    {
      onRequest: requireRole(),
      config: AUDIT_EVERY_ACTOR,
      schema: {
        tags,
        summary: 'Record a delivery (the mitra, active contract)',
        description:
          'date (YYYY-MM-DD, not before start_date, not after today in WIB), quantity > 0, grade A|B|C, ' +
          'amount_paid ≥ 0 (rupiah), photo optional ({file_name, mime_type image/jpeg|png|webp, ' +
          'content_base64}, at most 5 MB). One transaction with its event (deliver) and audit row; the ' +
          'contract then awaits the petani. Not a party: 404; the petani or an admin: 403; not active: 409.',
        params: IdParams,
        body: DeliveryBody,
        response: { 201: okResponse(Delivery), 400: ErrorResponse, 413: ErrorResponse, ...refused },
      },
    },
    async (request, reply) => {
      const delivery = await recordDelivery(
        request.db,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return created(reply, ok(delivery, M.deliveryRecorded));
    },
  );

  app.post(
    '/:deliveryId/confirm',
    {
      onRequest: requireRole(),
      config: AUDIT_EVERY_ACTOR,
      schema: {
        tags,
        summary: 'Confirm receipt of a delivery (the petani, active contract)',
        description:
          'One transaction with its event (confirm) and audit row; the contract awaits the mitra once every ' +
          'delivery is confirmed. Already confirmed: 409. Not a party, or a delivery of another contract: 404.',
        params: DeliveryParams,
        response: { 200: okResponse(Delivery), ...refused },
      },
    },
    async (request) =>
      ok(
        await confirmDelivery(request.db, currentUser(request), request.params.id, request.params.deliveryId),
        M.deliveryConfirmed,
      ),
  );

  app.get(
    '/:deliveryId/photo',
    {
      onRequest: requireRole(),
      schema: {
        tags,
        summary: "A delivery's photo",
        description: 'The parties and admins; anyone else, or a delivery without a photo: 404. Never cached.',
        params: DeliveryParams,
        response: { 200: DocumentBytes, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) =>
      sendDocument(
        reply,
        await deliveryPhoto(request.db, currentUser(request), request.params.id, request.params.deliveryId),
      ),
  );
};
