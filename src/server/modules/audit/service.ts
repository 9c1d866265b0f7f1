import { equalsIfGiven } from '../../db/lists/filters.js';
import { and, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/engine/client.js';
import { auditLog } from '../../db/schema.js';
import { CAPPED_COUNT, counted } from '../../db/lists/list-spec.js';
import { listJson } from '../../db/lists/list-json.js';
import { binder } from '../../db/lists/prebuilt.js';
import { auditEntry, type AuditQuery } from './schema.js';

/** Midnight starting `day` (YYYY-MM-DD) in Asia/Jakarta, the product's home time zone (UTC+7, no DST). */
const jakartaMidnight = (day: string, plusDays = 0) => {
  const start = new Date(`${day}T00:00:00+07:00`);
  start.setUTCDate(start.getUTCDate() + plusDays);
  return start;
};

/** Newest first unless `order=asc`; every filter is served by an index on (filter column, created_at, id). */
export async function listAudit(db: Db, query: AuditQuery) {
  const { bind, values } = binder();
  const where = and(
    equalsIfGiven(auditLog.actor_id, bind('actor_id', query.actor_id)),
    equalsIfGiven(auditLog.resource, bind('resource', query.resource)),
    equalsIfGiven(auditLog.resource_id, bind('resource_id', query.resource_id)),
    query.from === undefined
      ? undefined
      : gte(auditLog.created_at, bind('from', jakartaMidnight(query.from))!),
    query.to === undefined ? undefined : lt(auditLog.created_at, bind('to', jakartaMidnight(query.to, 1))!),
  );
  return listJson(
    db,
    {
      shape: 'audit',
      values,
      table: auditLog,
      id: auditLog.id,
      where,
      sort: auditLog.created_at,
      order: query.order,
      page: query.page,
      limit: query.limit,
      total: where ? CAPPED_COUNT : counted('audit_log'),
    },
    (page) =>
      db
        .select({ r: auditEntry.json.as('r'), n: page.rank })
        .from(auditLog)
        .$dynamic()
        .where(page.onPage),
  );
}
