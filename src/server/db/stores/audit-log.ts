import type { Db } from '../engine/client.js';
import { auditLog } from '../schema.js';

export type AuditEntry = typeof auditLog.$inferInsert;

/** One row of the append-only audit log, in the caller's transaction. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}
