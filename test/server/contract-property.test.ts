/**
 * The contract lifecycle's property test, over real HTTP: random sequences of steps (offer, counter, revise,
 * sign with the right or a wrong password, reject, cancel with or without a reason, start, deliver, confirm,
 * complete, an admin's cancel) by random actors. After every step the server's answer and state are compared
 * with a model built from the state machine's table: the answer (taken, or refused with the right code), no
 * state the table cannot reach, exactly one event per taken step (action, from, to, terms version), a chain of
 * events, old versions' signatures voided, the lahan following the contract, `awaiting` whose step it is, and
 * a refused step changing nothing.
 *
 * LIFECYCLE_RUNS=n  sequences (default 25, up to 12 steps each; the last test's coverage check assumes 25 or
 *                   more); LIFECYCLE_SEED=s replays a run (printed on failure).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planned, resolve, type Planned } from './support/contract-plan.js';
import {
  applyStep,
  expectConsistent,
  expectedAnswer,
  expectOneEvent,
  DESIGN_RULES,
  newModel,
  SERVER_RULES,
} from './support/contract-model.js';
import { newLahan, offer, OFFER_PRICE } from './support/contract-cast.js';
import { useLifecycleApp, clearRateLimits, snapshot, step, type Snapshot } from './support/contract-steps.js';

const RUNS = Number(process.env.LIFECYCLE_RUNS ?? 25);
const SEED = Number(process.env.LIFECYCLE_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** The model follows the server's own table (its agreement with the design is the matrix's job). */
const RULES = SERVER_RULES;

const world = useLifecycleApp();
const { ctx } = world;

/** What the runs did, so that the last test can show they could have failed. */
const tally = {
  statuses: new Set<string>(),
  answers: new Set<number>(),
  actions: new Set<string>(),
  steps: 0,
};

describe('random sequences of contract steps', () => {
  async function run(offeredBy: 'mitra' | 'admin', plan: Planned[]): Promise<void> {
    const trace: string[] = [];
    try {
      const lahanId = await newLahan(ctx, world.cast);
      const offered = await offer(ctx, world.cast, lahanId, offeredBy);
      expect(offered.statusCode, offered.body).toBe(201);
      let id = offered.json.data.id as number;
      trace.push(`offer by ${offeredBy} → contract ${id}`);
      let model = newModel(OFFER_PRICE);
      let before = await snapshot(ctx, world.cast, id);
      expectConsistent(before, 'offer');
      const finished: Snapshot[] = [];

      for (const p of plan) {
        if (p.action === 'offer') {
          // Another offer on the same lahan: only once the lahan is free again.
          const res = await offer(ctx, world.cast, lahanId);
          const free = before.lahanStatus === 'active';
          trace.push(`offer again → ${res.statusCode}`);
          expect(res.statusCode, res.body).toBe(free ? 201 : 400);
          if (!free) {
            expect(res.json.errors.map((e: { field: string }) => e.field)).toEqual(['lahan_id']);
            continue;
          }
          finished.push(before);
          id = res.json.data.id;
          model = newModel(OFFER_PRICE);
          before = await snapshot(ctx, world.cast, id);
          expectConsistent(before, 'offer again');
          continue;
        }
        const { action, actor, options } = resolve(RULES, model, p);
        if (options.wrongPassword) await clearRateLimits(ctx);
        const expected = expectedAnswer(RULES, model, action, actor, options);
        const res = await step(ctx, world.cast, id, action, actor, options);
        const label = `step ${trace.length}: ${action} by ${actor} (${JSON.stringify(options)}) in ${model.status}`;
        trace.push(`${label} → ${res.statusCode} ${res.statusCode >= 300 ? res.body : ''}`);
        tally.steps++;
        tally.answers.add(res.statusCode);
        if (res.statusCode < 300) tally.actions.add(action);
        expect(res.statusCode, `${label}: ${res.body}`).toBe(expected.status);
        if (expected.code) expect(res.json.code, label).toBe(expected.code);
        if (expected.field)
          expect(
            res.json.errors?.map((e: { field: string }) => e.field),
            label,
          ).toContain(expected.field);
        const after = await snapshot(ctx, world.cast, id);
        if (expected.status >= 300) {
          expect(after, `${label}: a refused step changed something`).toEqual(before);
          continue;
        }
        model = applyStep(RULES, model, action, actor, options, res.json.data?.id);
        tally.statuses.add(model.status);
        expectOneEvent(before, after, action, label);
        expectConsistent(after, label);
        expect(after.contract.status, label).toBe(model.status);
        expect(after.contract.terms_version, label).toBe(model.version);
        expect(Number(after.terms.at(-1)!.price), label).toBe(model.price);
        expect(
          after.deliveries.map((d) => d.confirmed_at !== null),
          label,
        ).toEqual(model.deliveries.map((d) => d.confirmed));
        before = after;
      }
      // The contracts left behind (rejected or cancelled) did not change after.
      for (const old of finished) {
        const now = await snapshot(ctx, world.cast, old.contract.id);
        expect({ ...now, lahanStatus: undefined }).toEqual({ ...old, lahanStatus: undefined });
      }
    } catch (err) {
      (err as Error).message += `\n\nLIFECYCLE_SEED=${SEED}; the run:\n  ${trace.join('\n  ')}`;
      throw err;
    }
  }

  it(`keeps every contract in a legal state with one event per step (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('mitra' as const, 'admin' as const),
        fc.array(planned, { minLength: 1, maxLength: 12 }),
        run,
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 180_000);

  it("follows the design's table (CONTRACTS.md), so that a wrong table cannot hide behind the model", () => {
    expect(SERVER_RULES).toEqual(DESIGN_RULES);
  });

  it('exercised the lifecycle: steps taken and refused for several reasons, several statuses reached', () => {
    // Loose enough never to fail by chance (measured on 2000 seeds of 25 runs), tight enough that a
    // run that never gets anywhere, or never gets refused, fails.
    expect(tally.steps).toBeGreaterThanOrEqual(RUNS * 3);
    expect(tally.answers).toContain(200);
    expect(tally.answers).toContain(409);
    expect([...tally.answers].filter((status) => status >= 400).length).toBeGreaterThanOrEqual(3);
    expect(tally.actions.size).toBeGreaterThanOrEqual(5);
    expect(tally.statuses.size).toBeGreaterThanOrEqual(4);
  });
});
