import { and, asc, eq, gt, gte, lt, notExists, sql } from 'drizzle-orm';
import { notifications as T } from '../../../shared/messages/notifications.js';
import { NOTIFICATION_LINKS } from '../../../shared/notifications.js';
import type { Db } from '../../db/engine/client.js';
import { everyHour, type ErrorLog } from '../../hourly.js';
import { contracts, notifications } from '../../db/schema.js';
import { notify } from '../notifications/service.js';

/** Today in Indonesia (WIB), where due dates are meant. */
const TODAY_WIB = sql`(now() at time zone 'Asia/Jakarta')::date`;
/** Contracts told per transaction: a bounded statement however many fell overdue. */
const BATCH = 500;
/** One run at a time across the processes that run it (each would otherwise tell the same contracts). */
const LOCK_KEY = 4242031;

/**
 * Tells both parties of every contract whose payment fell overdue (something owed past its due date, WIB) and
 * who were not told since that due date: one notification each, `contract.overdue`. A contract paid and owed
 * again later falls due again and is told again. Runs in batches, each one transaction under an advisory lock.
 * Answers how many contracts it told.
 */
export async function notifyOverdue(db: Db): Promise<number> {
  let told = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
      const toldSinceDue = tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.contract_id, contracts.id),
            eq(notifications.kind, 'contract.overdue'),
            gte(
              notifications.created_at,
              sql`${contracts.payment_due_date}::timestamp at time zone 'Asia/Jakarta'`,
            ),
          ),
        );
      const due = await tx
        .select({
          id: contracts.id,
          title: contracts.title,
          petani_id: contracts.petani_id,
          mitra_id: contracts.mitra_id,
        })
        .from(contracts)
        .where(
          and(
            gt(contracts.settled_outstanding, 0),
            lt(contracts.payment_due_date, TODAY_WIB),
            notExists(toldSinceDue),
          ),
        )
        .orderBy(asc(contracts.payment_due_date), asc(contracts.id))
        .limit(BATCH);
      await notify(
        tx,
        due.flatMap((c) =>
          [c.mitra_id, c.petani_id]
            .filter((userId): userId is number => userId !== null)
            .map((userId) => ({
              userId,
              kind: 'contract.overdue' as const,
              title: T.contractTitles['contract.overdue'](c.id, c.title),
              link: NOTIFICATION_LINKS.accountContract(c.id),
              contractId: c.id,
            })),
        ),
      );
      return due.length;
    });
    told += batch;
    if (batch < BATCH) return told;
  }
}

/** After the server listens, like the contracts' starts: the first requests are not held behind the scan. */
const FIRST_RUN_DELAY_MS = 15_000;

/** Runs notifyOverdue soon after start and every hour; answers a stop. */
export const scheduleOverdueNotices = (db: Db, log: ErrorLog) =>
  everyHour(() => notifyOverdue(db), FIRST_RUN_DELAY_MS, log, 'Overdue notices failed');
