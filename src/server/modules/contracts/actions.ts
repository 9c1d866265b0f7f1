import { and, count, eq, isNull, lte, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { contractDeliveries, contracts } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { AppError, conflict, validationError } from '../../http/errors.js';
import { SYSTEM, takeStep } from './events.js';
import type { TermStepFields } from './step-fields.js';
import { proposeTerms } from './terms.js';

const M = MESSAGES.contract;

/** A new version of the terms proposed by a party: the petani's counter-offer or the mitra's revision. */
const termStep =
  (action: 'counter' | 'revise') =>
  (db: Db, user: AuthUser, id: number, { note, ...terms }: TermStepFields) =>
    takeStep(db, user, id, action, {
      note,
      apply: (tx, contract) =>
        proposeTerms(tx, contract, terms, {
          proposedBy: user.id,
          proposedRole: action === 'counter' ? 'petani' : 'mitra',
          note,
        }),
    });

/** The petani proposes other terms: negotiation, a new version. */
export const counterContract = termStep('counter');
/** The mitra answers with new terms: pending again, a new version. */
export const reviseContract = termStep('revise');

export const rejectContract = (db: Db, user: AuthUser, id: number, note?: string | null) =>
  takeStep(db, user, id, 'reject', { note });

/** A party before approval (reason optional); an admin until it is active, with a reason. */
export const cancelContract = (db: Db, user: AuthUser, id: number, reason?: string | null) =>
  takeStep(db, user, id, 'cancel', {
    note: reason,
    set: { cancel_reason: reason ?? null },
    check: async () => {
      if (user.role === 'admin' && !reason)
        throw validationError(M.reasonRequired, [{ field: 'reason', message: M.reasonRequired }]);
    },
  });

export const startContract = (db: Db, user: AuthUser, id: number) => takeStep(db, user, id, 'start');

/** The mitra closes an active contract once it has deliveries and the petani confirmed every one (else 409). */
export const completeContract = (db: Db, user: AuthUser, id: number, note?: string | null) =>
  takeStep(db, user, id, 'complete', {
    note,
    check: async (tx) => {
      const [row] = await tx
        .select({
          all: count(),
          unconfirmed:
            sql<number>`count(*) filter (where ${isNull(contractDeliveries.confirmed_at)})`.mapWith(Number),
        })
        .from(contractDeliveries)
        .where(eq(contractDeliveries.contract_id, id));
      if (!row || row.all === 0) throw conflict(M.deliveriesMissing);
      if (row.unconfirmed > 0) throw conflict(M.deliveriesUnconfirmed);
    },
  });

/** Today in Indonesia (WIB), where start dates are meant. */
const TODAY_WIB = sql`(now() at time zone 'Asia/Jakarta')::date`;

/**
 * Starts every approved contract whose start date has come, as the system. Every API process runs it (at
 * boot and hourly): each start is a conditional step, so a contract another process started meanwhile is
 * refused with 409 and skipped. Answers how many this call started.
 */
export async function startDueContracts(db: Db): Promise<number> {
  const due = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.status, 'approved'), lte(contracts.start_date, TODAY_WIB)));
  let started = 0;
  for (const { id } of due) {
    try {
      await takeStep(db, SYSTEM, id, 'start');
      started++;
    } catch (err) {
      if (!(err instanceof AppError && ['CONFLICT', 'NOT_FOUND'].includes(err.code))) throw err; // taken meanwhile
    }
  }
  return started;
}

const HOUR_MS = 60 * 60 * 1000;

/** Runs startDueContracts now and every hour; the timer does not keep the process alive. Answers a stop. */
export function scheduleContractStarts(db: Db, log: { error: (obj: object, msg: string) => void }) {
  const run = () =>
    startDueContracts(db).catch((err: unknown) => log.error({ err }, 'Starting due contracts failed'));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
