import { asc, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db } from '../../db/engine/client.js';
import { leftJoinAll } from '../../db/lists/joins.js';
import {
  contractEvents,
  contractSignatures,
  contractTerms,
  mitraProfiles,
  petaniProfiles,
  users,
} from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { currentTerms } from './document.js';
import { getContract } from './visibility.js';

/** The timeline, oldest first, with each actor's display name. Not a party: 404. */
export async function listEvents(db: Db, user: AuthUser, id: number) {
  await getContract(db, user, id);
  const M = MESSAGES.contract;
  return leftJoinAll(
    db
      .select({
        id: contractEvents.id,
        action: contractEvents.action,
        actor_role: contractEvents.actor_role,
        actor_name: sql<string>`case when ${contractEvents.actor_role} = 'system' then ${M.systemActor}
          else coalesce(${petaniProfiles.fullname_petani}, ${mitraProfiles.fullname_mitra}, ${users.full_name}, ${M.deletedAccount}) end`,
        from_status: contractEvents.from_status,
        to_status: contractEvents.to_status,
        terms_version: contractEvents.terms_version,
        note: contractEvents.note,
        created_at: contractEvents.created_at,
      })
      .from(contractEvents)
      .$dynamic(),
    [
      [users, eq(contractEvents.actor_id, users.id)],
      [petaniProfiles, eq(contractEvents.actor_id, petaniProfiles.user_id)],
      [mitraProfiles, eq(contractEvents.actor_id, mitraProfiles.user_id)],
    ],
  )
    .where(eq(contractEvents.contract_id, id))
    .orderBy(asc(contractEvents.id));
}

/** Every version of the terms, oldest first (a contract from before the lifecycle gets its version 1 now). */
export async function listTerms(db: Db, user: AuthUser, id: number) {
  await getContract(db, user, id);
  await db.transaction((tx) => currentTerms(tx, id));
  return db
    .select({
      version: contractTerms.version,
      price: contractTerms.price,
      prices: contractTerms.prices,
      payment_days: contractTerms.payment_days,
      quantity: contractTerms.quantity,
      unit: contractTerms.unit,
      total_value: sql<number>`(${contractTerms.price} * ${contractTerms.quantity})`.mapWith(Number),
      start_date: contractTerms.start_date,
      end_date: contractTerms.end_date,
      delivery_terms: contractTerms.delivery_terms,
      note: contractTerms.note,
      proposed_role: contractTerms.proposed_role,
      document_sha256: contractTerms.document_sha256,
      created_at: contractTerms.created_at,
    })
    .from(contractTerms)
    .where(eq(contractTerms.contract_id, id))
    .orderBy(asc(contractTerms.version));
}

/** Every signature, voided ones included, oldest first; where it was made from (IP, user agent) for admins only. */
export async function listSignatures(db: Db, user: AuthUser, id: number) {
  await getContract(db, user, id);
  const rows = await db
    .select()
    .from(contractSignatures)
    .where(eq(contractSignatures.contract_id, id))
    .orderBy(asc(contractSignatures.id));
  const admin = user.role === 'admin';
  return rows.map((s) => ({
    id: s.id,
    terms_version: s.terms_version,
    signer_role: s.signer_role,
    signer_name: s.signer_name,
    signed_at: s.signed_at,
    document_sha256: s.document_sha256,
    voided_at: s.voided_at,
    ip: admin ? s.ip : null,
    user_agent: admin ? s.user_agent : null,
  }));
}
