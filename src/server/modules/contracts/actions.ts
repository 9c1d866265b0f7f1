import { and, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db } from '../../db/engine/client.js';
import { everyHour, type ErrorLog } from '../../hourly.js';
import { contractDeliveries, contracts } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { conflict, validationError } from '../../http/errors.js';
import { applyLahanEffect, recordEvents, refreshAwaiting, SYSTEM, takeStep } from './events.js';
import { allowedFrom, statusAfter } from './lifecycle.js';
import type { TermStepFields } from './step-fields.js';
import { assertReadVersion } from './signing.js';
import { pricesOf, proposeTerms } from './terms.js';

const M = MESSAGES.contract;

/** A new version of the terms proposed by a party: the petani's counter-offer or the mitra's revision. */
const termStep =
  (action: 'counter' | 'revise') =>
  (db: Db, user: AuthUser, id: number, { note, price, prices, terms_version, ...terms }: TermStepFields) => {
    const changes = { ...terms, prices: pricesOf({ price, prices }) };
    return takeStep(db, user, id, action, {
      note,
      check: async (_tx, contract) => {
        if (terms_version !== undefined)
          assertReadVersion(terms_version, contract.terms_version, M.termsChangedBeforeProposal);
      },
      apply: (tx, contract) =>
        proposeTerms(tx, contract, changes, {
          proposedBy: user.id,
          proposedRole: action === 'counter' ? 'petani' : 'mitra',
          note,
        }),
    });
  };

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

/** Due contracts started per transaction: a bounded statement and lock set however many fell due. */
const START_BATCH = 500;

/**
 * Starts every approved contract whose start date has come, as the system, a batch at a time: each batch is
 * one transaction of a few set-based statements with the effects of takeStep's start on each contract (status,
 * a start event by the system, the lahan effect, whose step it is). Every API process runs it (at boot and
 * hourly): the batch takes only rows no other transaction has locked and re-checks their status, so each
 * start is taken once. Answers how many this call started; `stopped` ends it after the batch under way.
 */
export async function startDueContracts(db: Db, stopped?: AbortSignal): Promise<number> {
  const from = allowedFrom('start', 'system');
  let started = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: contracts.id })
        .from(contracts)
        .where(and(inArray(contracts.status, from), lte(contracts.start_date, TODAY_WIB)))
        .orderBy(contracts.id)
        .limit(START_BATCH)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(contracts)
        .set({ status: statusAfter('start', 'approved'), updated_at: new Date() })
        .where(and(inArray(contracts.id, due), inArray(contracts.status, from)))
        .returning({
          id: contracts.id,
          lahanId: contracts.lahan_id,
          status: contracts.status,
          termsVersion: contracts.terms_version,
          title: contracts.title,
          petani_id: contracts.petani_id,
          mitra_id: contracts.mitra_id,
        });
      await recordEvents(
        tx,
        rows.map((row) => ({
          contractId: row.id,
          action: 'start' as const,
          actor: SYSTEM,
          from: 'approved' as const,
          to: row.status,
          termsVersion: row.termsVersion,
          contract: row,
        })),
      );
      await applyLahanEffect(
        tx,
        'start',
        rows.map((row) => ({ contractId: row.id, lahanId: row.lahanId })),
      );
      await refreshAwaiting(tx, ...rows.map((row) => row.id));
      return rows.length;
    });
    started += batch;
    if (batch < START_BATCH || stopped?.aborted) return started;
  }
}

/**
 * The first run waits this long after the server listens: with the embedded database it would otherwise hold
 * the first requests (health included) behind a scan of every contract. Starts were never due to the minute:
 * the hourly run takes them up to an hour after midnight.
 */
const FIRST_RUN_DELAY_MS = 10_000;

/** Runs startDueContracts soon after start and every hour; answers a stop. */
export const scheduleContractStarts = (db: Db, log: ErrorLog) =>
  everyHour(
    (stopped) => startDueContracts(db, stopped),
    FIRST_RUN_DELAY_MS,
    log,
    'Starting due contracts failed',
  );
