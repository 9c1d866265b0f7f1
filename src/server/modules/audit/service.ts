import { equalsIfGiven } from '../../db/filters.js';
import { getTableColumns, and, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { counted, EXACT_COUNT, listPage } from '../../db/list.js';
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
    equalsIfGiven(auditLog.actor_id, query.actor_id),
    equalsIfGiven(auditLog.resource, query.resource),
    equalsIfGiven(auditLog.resource_id, query.resource_id),
    query.from === undefined ? undefined : gte(auditLog.created_at, jakartaMidnight(query.from)),
    query.to === undefined ? undefined : lt(auditLog.created_at, jakartaMidnight(query.to, 1)),
  );
  return listPage(
    db,
    {
      table: auditLog,
      id: auditLog.id,
      where,
      sort: auditLog.created_at,
      order: query.order,
      page: query.page,
      limit: query.limit,
      total: where ? EXACT_COUNT : counted('audit_log'),
    },
    (page) =>
      db
        .select({ ...getTableColumns(auditLog), ...page.columns })
        .from(auditLog)
        .where(page.onPage)
        .orderBy(...page.order),
  );
}
