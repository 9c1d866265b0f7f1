import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages.js';
import type { Tx } from '../../db/engine/client.js';
import { contractCategories, lahan, users } from '../../db/schema.js';
import { validationError, type FieldError } from '../../http/errors.js';

const M = MESSAGES.contract;

export interface References {
  contract_category_id?: number;
  petani_id?: number;
  /** The petani must be verified (an offer). */
  verifiedPetani?: boolean;
  mitra_id?: number;
  /** The lahan must belong to `petani_id` (and be active when a mitra proposes on it). */
  lahan?: { id: number; petani_id: number | null; activeOnly: boolean };
}

/**
 * Checks that every referenced record exists with the right role or owner, and holds a key-share lock on
 * each until the transaction ends, so that none can be deleted between the check and the write.
 */
export async function assertReferences(tx: Tx, refs: References) {
  const errors: FieldError[] = [];
  const found = async (rows: Promise<unknown[]>) => (await rows).length > 0;
  const person = async (id: number, role: 'petani' | 'mitra') =>
    (
      await tx
        .select({ verified: users.status_verifikasi })
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, role)))
        .for('key share')
    )[0];
  if (
    refs.contract_category_id !== undefined &&
    !(await found(
      tx
        .select({ id: contractCategories.id })
        .from(contractCategories)
        .where(eq(contractCategories.id, refs.contract_category_id))
        .for('key share'),
    ))
  )
    errors.push({ field: 'contract_category_id', message: M.categoryMissing });
  const petani = refs.petani_id === undefined ? undefined : await person(refs.petani_id, 'petani');
  if (refs.petani_id !== undefined && !petani) errors.push({ field: 'petani_id', message: M.petaniMissing });
  else if (petani && refs.verifiedPetani && !petani.verified)
    errors.push({ field: 'petani_id', message: M.petaniUnverified });
  if (refs.mitra_id !== undefined && !(await person(refs.mitra_id, 'mitra')))
    errors.push({ field: 'mitra_id', message: M.mitraMissing });
  if (refs.lahan) {
    const { id, petani_id, activeOnly } = refs.lahan;
    const owned =
      petani_id !== null &&
      (await found(
        tx
          .select({ id: lahan.id })
          .from(lahan)
          .where(
            and(
              eq(lahan.id, id),
              eq(lahan.petani_id, petani_id),
              activeOnly ? eq(lahan.status, 'active') : undefined,
            ),
          )
          .for('key share'),
      ));
    if (!owned) errors.push({ field: 'lahan_id', message: M.lahanMissing });
  }
  if (errors.length > 0)
    throw validationError(errors.length === 1 ? errors[0]!.message : M.invalidData, errors);
}
