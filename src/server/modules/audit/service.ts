import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { paged, pagination } from '../../http/envelope.js';
import { orderBy, pageWindow } from '../../http/query.js';
import type { AuditQuery } from './schema.js';

/** Midnight starting `day` (YYYY-MM-DD) in Asia/Jakarta, the product's home time zone (UTC+7, no DST). */
const jakartaMidnight = (day: string, plusDays = 0) => {
  const start = new Date(`${day}T00:00:00+07:00`);
  start.setUTCDate(start.getUTCDate() + plusDays);
  return start;
};

/** Newest first unless `order=asc`; every filter is served by an index on (filter column, created_at, id). */
export async function listAudit(db: Db, query: AuditQuery) {
  const where = and(
    query.actor_id === undefined ? undefined : eq(auditLog.actor_id, query.actor_id),
    query.resource === undefined ? undefined : eq(auditLog.resource, query.resource),
    query.resource_id === undefined ? undefined : eq(auditLog.resource_id, query.resource_id),
    query.from === undefined ? undefined : gte(auditLog.created_at, jakartaMidnight(query.from)),
    query.to === undefined ? undefined : lt(auditLog.created_at, jakartaMidnight(query.to, 1)),
  );
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(
      ...orderBy({ created_at: auditLog.created_at }, query.sort, query.order, 'created_at', auditLog.id),
    )
    .limit(query.limit)
    .offset(pageWindow(query.page, query.limit).offset);
  return paged(rows, pagination(query.page, query.limit, total?.n ?? 0));
}
