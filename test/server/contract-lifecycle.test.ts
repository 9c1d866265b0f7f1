/**
 * The contract lifecycle's matrix over real HTTP: every step × every actor (admin, the contract's petani, its
 * mitra, another petani, another mitra, no token) × every point of the lifecycle. The expected answer comes
 * from the design's table (support/contract-model.ts DESIGN_RULES): no token 401, not a party 404, the other
 * party's step 403 INVALID_ROLE, the right party in the wrong status 409; a taken step moves the contract
 * as the table says with exactly one event and one audit row; a refused step changes nothing at all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applyStep,
  DESIGN_RULES,
  expectConsistent,
  expectedAnswer,
  expectOneEvent,
  lahanOf,
} from './support/contract-model.js';
import { reach, SITUATIONS, type Fixture, type Situation } from './support/contract-fixtures.js';
import { BASE, newLahan, offer } from './support/contract-cast.js';
import { ACTORS, snapshot, step, STEP_ACTIONS } from './support/contract-steps.js';
import { useLifecycleApp, type Actor, type StepAction, type StepOptions } from './support/contract-steps.js';
import { call } from './support/app.js';

const world = useLifecycleApp();
const { ctx } = world;

/**
 * The step as the matrix takes it: an admin's cancel gives a reason, a confirm names the newest delivery,
 * new terms change the price.
 */
const optionsFor = (fixture: Fixture, action: StepAction, actor: Actor): StepOptions => ({
  price: fixture.model.price + 1,
  reason: action === 'cancel' && actor === 'admin' ? 'Dibatalkan admin: uji matriks' : undefined,
  deliveryId: fixture.model.deliveries.at(-1)?.id,
});

const cells = STEP_ACTIONS.flatMap((action) => ACTORS.map((actor) => ({ action, actor })));

describe.each(SITUATIONS.map((situation) => ({ situation })))('from $situation', ({ situation }) => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await reach(ctx, world.cast, situation as Situation);
  });

  const answer = (action: StepAction, actor: Actor) =>
    expectedAnswer(DESIGN_RULES, fixture.model, action, actor, optionsFor(fixture, action, actor));

  it('refuses every step the table does not allow, and the refusal changes nothing', async () => {
    let before = await snapshot(ctx, world.cast, fixture.id);
    expectConsistent(before, situation);
    let refused = 0;
    for (const { action, actor } of cells) {
      const expected = answer(action, actor);
      if (expected.status < 300) continue;
      const label = `${situation}: ${action} by ${actor}`;
      const res = await step(ctx, world.cast, fixture.id, action, actor, optionsFor(fixture, action, actor));
      expect(res.statusCode, `${label}: ${res.body}`).toBe(expected.status);
      expect(res.json.success, label).toBe(false);
      if (expected.code) expect(res.json.code, label).toBe(expected.code);
      const after = await snapshot(ctx, world.cast, fixture.id);
      expect(after, `${label} changed something`).toEqual(before);
      before = after;
      refused++;
    }
    expect(refused).toBeGreaterThan(0);
  });

  const allowed = cells.filter(({ action, actor }) => {
    // The expectation needs the fixture's model; the table alone says which cells may pass.
    const from = DESIGN_RULES[action].from[actor as 'admin'];
    return from?.includes(situation.split(',')[0] as never);
  });

  it.each(allowed)(
    'takes $action by $actor as the table says (or refuses it for a stated reason)',
    async ({ action, actor }) => {
      const own = await reach(ctx, world.cast, situation as Situation);
      const options = optionsFor(own, action, actor);
      const expected = expectedAnswer(DESIGN_RULES, own.model, action, actor, options);
      const before = await snapshot(ctx, world.cast, own.id);
      const res = await step(ctx, world.cast, own.id, action, actor, options);
      const label = `${situation}: ${action} by ${actor}`;
      expect(res.statusCode, `${label}: ${res.body}`).toBe(expected.status);
      const after = await snapshot(ctx, world.cast, own.id);
      if (expected.status >= 300) {
        expect(after, label).toEqual(before);
        return;
      }
      const model = applyStep(DESIGN_RULES, own.model, action, actor, options, res.json.data?.id);
      expect(after.contract.status, label).toBe(model.status);
      expect(after.contract.terms_version, label).toBe(model.version);
      expect(after.lahanStatus, label).toBe(lahanOf(model.status));
      expect(after.deliveries.length, label).toBe(model.deliveries.length);
      expectOneEvent(before, after, action, label);
      expectConsistent(after, label);
    },
  );
});

describe('offer', () => {
  it('a verified mitra or an admin offers: pending, terms v1, one offer event, the lahan in negotiation', async () => {
    for (const by of ['mitra', 'admin'] as const) {
      const lahanId = await newLahan(ctx, world.cast);
      const res = await offer(ctx, world.cast, lahanId, by);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json.data).toMatchObject({ status: 'pending', terms_version: 1, awaiting: 'petani' });
      const snap = await snapshot(ctx, world.cast, res.json.data.id);
      expect(snap.events).toHaveLength(1);
      expect(snap.events[0]).toMatchObject({ action: 'offer', actor_role: by, to_status: 'pending' });
      expectConsistent(snap, `offer by ${by}`);
    }
  });

  it('refuses a petani (403), no token (401), and a lahan that is not active (400): nothing made', async () => {
    const taken = await reach(ctx, world.cast, 'pending');
    const lahanId = await newLahan(ctx, world.cast);
    const count = async () =>
      (await call(ctx, { url: `${BASE}?limit=1`, token: world.cast.tokens.admin })).json.pagination.total;
    const before = await count();
    for (const [by, status, code] of [
      ['petani', 403, 'INVALID_ROLE'],
      ['otherPetani', 403, 'INVALID_ROLE'],
    ] as const) {
      const res = await call(ctx, {
        method: 'POST',
        url: BASE,
        token: world.cast.tokens[by],
        payload: { title: 'x' },
      });
      expect(res.statusCode, by).toBe(status);
      expect(res.json.code).toBe(code);
    }
    expect((await call(ctx, { method: 'POST', url: BASE, payload: {} })).statusCode).toBe(401);
    const onTaken = await offer(ctx, world.cast, taken.lahanId);
    expect(onTaken.statusCode).toBe(400);
    expect(onTaken.json.errors.map((e: { field: string }) => e.field)).toEqual(['lahan_id']);
    expect(await count()).toBe(before);
    expect((await offer(ctx, world.cast, lahanId)).statusCode).toBe(201);
  });
});
