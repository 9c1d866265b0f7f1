import { and, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/engine/client.js';
import { asValue, type Bind } from '../../db/lists/prebuilt.js';
import { contracts } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { selectContracts } from './records.js';

/** Which contracts a caller may see: admins all, a petani or mitra those they are a party to. */
export function visibleTo(user: Pick<AuthUser, 'id' | 'role'>, bind: Bind = asValue): SQL | undefined {
  if (user.role === 'admin') return undefined;
  if (user.role === 'petani') return eq(contracts.petani_id, bind('viewer_id', user.id)!);
  return eq(contracts.mitra_id, bind('viewer_id', user.id)!);
}

/**
 * One contract; one the caller is not a party to is answered exactly like a missing one (404).
 * `null`: no caller (the system's own steps), every contract.
 */
export async function getContract(db: Db | Tx, user: Pick<AuthUser, 'id' | 'role'> | null, id: number) {
  const [row] = await selectContracts(db).where(
    and(eq(contracts.id, id), user ? visibleTo(user) : undefined),
  );
  if (!row) throw notFound('Contract');
  return row;
}
