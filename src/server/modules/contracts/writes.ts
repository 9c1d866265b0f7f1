import { eq } from 'drizzle-orm';
import { contractDeletable } from '../../../shared/contracts.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db } from '../../db/engine/client.js';
import { contracts } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { conflict, notFound, validationError } from '../../http/errors.js';
import { freezeCurrentTerms } from './document.js';
import { applyLahanEffect, recordEvents, refreshAwaiting, takeStep } from './events.js';
import type { ContractFields, ContractEditFields } from './fields.js';
import { assertReferences } from './references.js';
import { assertDateOrder, changedTerms, pricesOf, proposeTerms } from './terms.js';
import { getContract } from './visibility.js';

const M = MESSAGES.contract;
const fieldError = (field: string, message: string) => validationError(message, [{ field, message }]);

/**
 * The offer (`POST /contract`): a verified mitra (the route refuses others) in their own name, or an admin on
 * a mitra's behalf, to a verified petani. Always pending, with its first version of the terms and the
 * offer event. A mitra's offer needs an active lahan of the petani, which becomes `negotiation` in one
 * conditional statement (two offers cannot take the same lahan); an admin's lahan (optional, the petani's)
 * becomes `negotiation` if it is active.
 */
export async function createContract(db: Db, user: AuthUser, body: ContractFields) {
  const { price, prices: offered, ...input } = body;
  const prices = pricesOf({ price, prices: offered })!; // one of them (ContractCreateBody)
  const isMitra = user.role === 'mitra';
  const mitraId = isMitra ? (input.mitra_id ?? user.id) : input.mitra_id;
  if (isMitra && mitraId !== user.id) throw fieldError('mitra_id', M.mitraSelfOnly);
  if (input.status !== undefined && input.status !== 'pending')
    throw fieldError('status', isMitra ? M.proposalPending : M.adminStatusPending);
  if (mitraId === undefined) throw fieldError('mitra_id', M.mitraRequired);
  const lahanId = input.lahan_id ?? null;
  if (isMitra && lahanId === null) throw fieldError('lahan_id', M.lahanRequired);
  assertDateOrder(input.start_date, input.end_date);
  return db.transaction(async (tx) => {
    await assertReferences(tx, {
      contract_category_id: input.contract_category_id,
      petani_id: input.petani_id,
      verifiedPetani: true,
      mitra_id: mitraId,
      lahan: lahanId === null ? undefined : { id: lahanId, petani_id: input.petani_id!, activeOnly: isMitra },
    });
    const [row] = await tx
      .insert(contracts)
      .values({
        ...input,
        title: input.title!,
        commodity: input.commodity!,
        quantity: input.quantity!,
        prices,
        price: prices[0]!.price,
        start_date: input.start_date!,
        end_date: input.end_date!,
        mitra_id: mitraId,
        status: 'pending',
      })
      .returning({
        id: contracts.id,
        title: contracts.title,
        petani_id: contracts.petani_id,
        mitra_id: contracts.mitra_id,
      });
    const id = row!.id;
    const tookLahan = await applyLahanEffect(tx, 'offer', [{ contractId: id, lahanId }]);
    if (isMitra && !tookLahan) throw fieldError('lahan_id', M.lahanMissing);
    await freezeCurrentTerms(tx, id, { proposedBy: user.id, proposedRole: isMitra ? 'mitra' : 'admin' });
    await recordEvents(tx, [
      {
        contractId: id,
        action: 'offer',
        actor: user,
        from: null,
        to: 'pending',
        termsVersion: 1,
        contract: row!,
      },
    ]);
    await refreshAwaiting(tx, id);
    return getContract(tx, user, id);
  });
}

/**
 * An admin's edit (`PUT /contract/{id}`; the parties take steps instead). The description changes at any
 * time; anything the signed document shows (title, category, the terms) only while pending or negotiation
 * (else 409), as a new version of the terms proposed by the admin (signatures voided) with an `edit` event.
 */
export async function updateContract(db: Db, user: AuthUser, id: number, input: ContractEditFields) {
  const { description, price, prices, ...terms } = input;
  const documented = { ...terms, prices: pricesOf({ price, prices }) };
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contracts).where(eq(contracts.id, id)).for('update');
    if (!current) throw notFound('Contract');
    await assertReferences(tx, { contract_category_id: documented.contract_category_id });
    if (description !== undefined)
      await tx.update(contracts).set({ description, updated_at: new Date() }).where(eq(contracts.id, id));
    if (Object.keys(changedTerms(current, documented)).length > 0)
      await takeStep(tx, user, id, 'edit', {
        apply: (step, locked) =>
          proposeTerms(step, locked, documented, { proposedBy: user.id, proposedRole: 'admin' }),
      });
    return getContract(tx, user, id);
  });
}

/** Admins only (the route's guard); a contract with any signature is cancelled instead (409). Answers the record. */
export async function deleteContract(db: Db, user: AuthUser, id: number) {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: contracts.id, lahan_id: contracts.lahan_id })
      .from(contracts)
      .where(eq(contracts.id, id))
      .for('update');
    if (!locked) throw notFound('Contract');
    // Read under the row lock: a signature is only ever added by a step holding it (takeStep).
    const row = await getContract(tx, user, id);
    if (!contractDeletable(row)) throw conflict(M.signedNoDelete);
    await tx.delete(contracts).where(eq(contracts.id, id));
    await applyLahanEffect(tx, 'cancel', [{ contractId: id, lahanId: locked.lahan_id }]); // released as by a cancellation
    return row;
  });
}
