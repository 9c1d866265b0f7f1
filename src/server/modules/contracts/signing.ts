import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONSENT_VERSION, type ContractParty } from '../../../shared/contracts.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db } from '../../db/engine/client.js';
import { contracts, contractSignatures } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { AppError, conflict, invalidRole } from '../../http/errors.js';
import { currentUser } from '../../http/guards.js';
import { currentTerms } from './document.js';
import { stepRefused, takeStep } from './events.js';
import { afterSign, canTake, mayTake } from './lifecycle.js';
import { getContract } from './visibility.js';

const M = MESSAGES.contract;
const SIGNED_AT = { petani: 'petani_signed_at', mitra: 'mitra_signed_at' } as const;
const other = (role: ContractParty): ContractParty => (role === 'petani' ? 'mitra' : 'petani');

/** 409 when the signer (or proposer) read another version than the current one, naming it (on terms_version too). */
export function assertReadVersion(read: number, current: number, changed = M.termsChanged) {
  if (read === current) return;
  const message = changed(current);
  throw new AppError('CONFLICT', message, [{ field: 'terms_version', message }]);
}

/**
 * preHandler of the sign route, before the password is checked: a contract the caller is not a party to
 * is 404, an admin 403, a status that cannot be signed or a version the caller already signed 409 — so
 * that a password is only ever tried against a signature that could be made. Whether the version read is
 * still the current one is checked once, under the row lock (signContract): a revision may come in between.
 */
export async function assertSignable(request: FastifyRequest) {
  const user = currentUser(request);
  const contract = await getContract(request.db, user, (request.params as { id: number }).id);
  if (!mayTake('sign', user.role)) throw invalidRole();
  if (!canTake('sign', user.role, contract.status)) throw stepRefused('sign', contract.status);
  if (contract[SIGNED_AT[user.role as ContractParty]] !== null) throw conflict(M.alreadySigned);
}

export interface SignatureContext {
  ip: string;
  userAgent: string | null;
}

/**
 * The caller (whose password the route confirmed) signs `readVersion`, the version of the terms they read,
 * if it is still the current one (else 409: a revision came in between): a signature row with the hash of
 * that version's document, their IP and user agent. When the other party signed the same version, the
 * contract is approved in the same transaction. The check holds under a concurrent revision: takeStep
 * locks the row, and a revision waits for it (or this step for the revision, then reads its version).
 */
export async function signContract(
  db: Db,
  user: AuthUser,
  id: number,
  readVersion: number,
  context: SignatureContext,
) {
  return takeStep(db, user, id, 'sign', {
    apply: async (tx, contract) => {
      const role = user.role as ContractParty;
      if (contract[SIGNED_AT[role]] !== null) throw conflict(M.alreadySigned);
      assertReadVersion(readVersion, contract.terms_version);
      const terms = await currentTerms(tx, id);
      const record = await getContract(tx, user, id);
      const signedAt = new Date();
      await tx.insert(contractSignatures).values({
        contract_id: id,
        terms_version: terms.version,
        signer_id: user.id,
        signer_role: role,
        signer_name: role === 'petani' ? record.fullname_petani : record.fullname_mitra,
        signed_at: signedAt,
        ip: context.ip,
        user_agent: context.userAgent,
        document_sha256: terms.document_sha256,
        consent_version: CONSENT_VERSION,
      });
      await tx
        .update(contracts)
        .set({ [SIGNED_AT[role]]: signedAt })
        .where(eq(contracts.id, id));
      return afterSign(contract.status, contract[SIGNED_AT[other(role)]] !== null);
    },
  });
}
