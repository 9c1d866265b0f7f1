import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { notifications as T } from '../../../shared/messages/notifications.js';
import { NOTIFICATION_LINKS } from '../../../shared/notifications.js';
import type { Db } from '../../db/engine/client.js';
import { everyHour, type ErrorLog } from '../../hourly.js';
import { contracts, notifications } from '../../db/schema.js';
import { notify } from '../notifications/service.js';

/** Today in Indonesia (WIB), where due dates are meant. */
const TODAY_WIB = sql`(now() at time zone 'Asia/Jakarta')::date`;
/** Contracts looked at per transaction: a bounded statement however many fell overdue. */
const BATCH = 500;
/** One run at a time across the processes that run it (each would otherwise tell the same contracts). */
const LOCK_KEY = 4242031;

/** The last contract a batch looked at: the next batch starts after it (by due date, then id). */
interface Cursor {
  due: string;
  id: number;
}

/**
 * Tells both parties of every contract whose payment fell overdue (something owed past its due date, WIB) and
 * who were not told since that due date: one notification each, `contract.overdue`. A contract paid and owed
 * again later falls due again and is told again. Runs in batches, each one transaction under an advisory lock.
 * Answers how many contracts it told. `batch`: how many contracts a transaction looks at; `stopped`: ends the run
 * after the batch under way (a shutdown).
 *
 * Each batch is bounded whatever the planner's statistics of `notifications` say (a first run after a bulk load
 * tells 100k contracts into a table analysed while empty): it reads the next `batch` overdue contracts after the
 * last one looked at (by due date and id, the order of contracts_owing_due_idx), and whether each was told is a
 * probe of notifications_contract_idx per contract, evaluated for those rows only (in the select list, not an
 * anti-join the planner may turn into a nested loop over every notification). So a run reads each overdue
 * contract once, told or not; one that falls due behind the cursor during a run is told by the next run.
 */
export async function notifyOverdue(db: Db, batch = BATCH, stopped?: AbortSignal): Promise<number> {
  let told = 0;
  let after: Cursor | undefined;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
      const toldSinceDue = sql<boolean>`EXISTS (SELECT 1 FROM ${notifications} WHERE ${and(
        eq(notifications.contract_id, contracts.id),
        eq(notifications.kind, 'contract.overdue'),
        gte(
          notifications.created_at,
          sql`${contracts.payment_due_date}::timestamp at time zone 'Asia/Jakarta'`,
        ),
      )} LIMIT 1)`;
      const next = await tx
        .select({
          id: contracts.id,
          due: contracts.payment_due_date,
          title: contracts.title,
          petani_id: contracts.petani_id,
          mitra_id: contracts.mitra_id,
          told: toldSinceDue,
        })
        .from(contracts)
        .where(
          and(
            gt(contracts.settled_outstanding, 0),
            lt(contracts.payment_due_date, TODAY_WIB),
            after &&
              sql`(${contracts.payment_due_date}, ${contracts.id}) > (${after.due}::date, ${after.id})`,
          ),
        )
        .orderBy(asc(contracts.payment_due_date), asc(contracts.id))
        .limit(batch);
      const due = next.filter((c) => !c.told);
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
      return { told: due.length, looked: next.length, last: next.at(-1) };
    });
    told += done.told;
    if (done.looked < batch || stopped?.aborted) return told;
    after = { due: done.last!.due!, id: done.last!.id };
  }
}

/** After the server listens, like the contracts' starts: the first requests are not held behind the scan. */
const FIRST_RUN_DELAY_MS = 15_000;

/** Runs notifyOverdue soon after start and every hour; answers a stop. */
export const scheduleOverdueNotices = (db: Db, log: ErrorLog) =>
  everyHour(
    (stopped) => notifyOverdue(db, BATCH, stopped),
    FIRST_RUN_DELAY_MS,
    log,
    'Overdue notices failed',
  );
