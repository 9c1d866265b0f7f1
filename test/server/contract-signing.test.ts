/**
 * Signing a contract over real HTTP: a new version of the terms voids the signatures, the contract is approved
 * only when both parties signed the same version, consent must be literally true, a wrong password counts
 * against the signer's session alone, and two steps at once end in a state some serial order explains.
 */
import { describe, expect, it } from 'vitest';
import { setRateLimitHits, signIn } from './support/app.js';
import { applyStep, DESIGN_RULES, expectConsistent, expectedAnswer } from './support/contract-model.js';
import { reach, type Situation } from './support/contract-fixtures.js';
import {
  useLifecycleApp,
  clearRateLimits,
  emailOf,
  snapshot,
  step,
  type Actor,
  type Snapshot,
  type StepAction,
  type StepOptions,
} from './support/contract-steps.js';

const world = useLifecycleApp();
const { ctx } = world;

describe('signatures', () => {
  const sign = (id: number, actor: Actor, options: StepOptions = {}) =>
    step(ctx, world.cast, id, 'sign', actor, options);
  const live = (snap: Snapshot, role: string) =>
    snap.signatures.filter((s) => s.signer_role === role && s.voided_at === null);

  it('a counter or a revise voids the signatures; approved only when both signed the same version', async () => {
    const { id } = await reach(ctx, world.cast, 'pending');
    expect((await sign(id, 'petani')).statusCode).toBe(200);
    expect((await step(ctx, world.cast, id, 'revise', 'mitra', { price: 6100 })).statusCode).toBe(200);
    let snap = await snapshot(ctx, world.cast, id);
    expect(snap.contract).toMatchObject({ status: 'pending', terms_version: 2, petani_signed_at: null });
    expect(snap.signatures).toEqual([expect.objectContaining({ terms_version: 1, signer_role: 'petani' })]);
    expect(snap.signatures[0]!.voided_at).not.toBeNull();
    // The mitra signs version 2, the petani's signature is of version 1: not approved.
    expect((await sign(id, 'mitra')).statusCode).toBe(200);
    snap = await snapshot(ctx, world.cast, id);
    expect(snap.contract).toMatchObject({ status: 'pending', awaiting: 'petani' });
    expectConsistent(snap, 'mitra signed v2');
    expect((await step(ctx, world.cast, id, 'counter', 'petani', { price: 5900 })).statusCode).toBe(200);
    snap = await snapshot(ctx, world.cast, id);
    expect(snap.contract).toMatchObject({ status: 'negotiation', terms_version: 3, mitra_signed_at: null });
    expect(live(snap, 'mitra')).toEqual([]);
    expect((await sign(id, 'petani')).statusCode).toBe(200);
    const again = await sign(id, 'petani');
    expect(again.statusCode).toBe(409);
    const approving = await sign(id, 'mitra');
    expect(approving.statusCode, approving.body).toBe(200);
    snap = await snapshot(ctx, world.cast, id);
    expect(snap.contract).toMatchObject({ status: 'approved', terms_version: 3, awaiting: 'mitra' });
    expect(live(snap, 'petani').map((s) => s.terms_version)).toEqual([3]);
    expect(live(snap, 'mitra').map((s) => s.terms_version)).toEqual([3]);
    expect(snap.events.map((e) => [e.action, e.from_status, e.to_status, e.terms_version])).toEqual([
      ['offer', null, 'pending', 1],
      ['sign', 'pending', 'pending', 1],
      ['revise', 'pending', 'pending', 2],
      ['sign', 'pending', 'pending', 2],
      ['counter', 'pending', 'negotiation', 3],
      ['sign', 'negotiation', 'negotiation', 3],
      ['sign', 'negotiation', 'approved', 3],
    ]);
    expectConsistent(snap, 'approved');
  });

  it('needs consent to be literally true: 400 on consent, nothing signed', async () => {
    const { id } = await reach(ctx, world.cast, 'pending');
    const before = await snapshot(ctx, world.cast, id);
    for (const consent of [false, 'true', 1, null]) {
      const res = await sign(id, 'petani', { consent });
      expect(res.statusCode, JSON.stringify(consent)).toBe(400);
      expect(res.json.errors.map((e: { field: string }) => e.field)).toEqual(['consent']);
    }
    const missing = await sign(id, 'petani', { body: { password: 'Petani123!' } });
    expect(missing.statusCode).toBe(400);
    expect(await snapshot(ctx, world.cast, id)).toEqual(before);
  });

  it("a wrong password is a 400 on password, limited per session: the 6th attempt is refused, the account's sign-in is not", async () => {
    await clearRateLimits(ctx);
    const { id } = await reach(ctx, world.cast, 'pending');
    const before = await snapshot(ctx, world.cast, id);
    for (let i = 0; i < 5; i++) {
      const res = await sign(id, 'petani', { wrongPassword: true });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json.errors).toEqual([{ field: 'password', message: expect.any(String) }]);
    }
    const limited = await sign(id, 'petani');
    expect(limited.statusCode).toBe(429);
    expect(limited.json.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The session's own limit: the account still signs in from this address.
    expect((await signIn(ctx, await emailOf(ctx, world.cast.petaniId), 'Petani123!')).statusCode).toBe(200);
    expect(await snapshot(ctx, world.cast, id)).toEqual(before);
    await clearRateLimits(ctx);
    expect((await sign(id, 'petani')).statusCode).toBe(200);
  });

  it("is never refused for others' failed sign-ins at the account", async () => {
    await clearRateLimits(ctx);
    const { id } = await reach(ctx, world.cast, 'pending');
    const email = await emailOf(ctx, world.cast.petaniId);
    await setRateLimitHits(ctx, `email:${email}`, 100);
    await setRateLimitHits(ctx, `email-ip:${email}|127.0.0.1`, 5);
    await setRateLimitHits(ctx, 'ip:127.0.0.1', 20);
    expect((await signIn(ctx, email, 'Petani123!')).statusCode).toBe(429);
    expect((await sign(id, 'petani', { wrongPassword: true })).statusCode).toBe(400);
    const signed = await sign(id, 'petani');
    expect(signed.statusCode, signed.body).toBe(200);
    await clearRateLimits(ctx);
  });
});

describe('concurrent steps', () => {
  type Taken = [StepAction, Actor, StepOptions?];
  const orders = (steps: Taken[]): Taken[][] => (steps.length < 2 ? [steps] : [steps, [...steps].reverse()]);

  it.each<[string, Situation, Taken[]]>([
    [
      'both parties sign at once',
      'pending',
      [
        ['sign', 'petani'],
        ['sign', 'mitra'],
      ],
    ],
    [
      'the mitra revises twice at once',
      'pending',
      [
        ['revise', 'mitra', { price: 6001 }],
        ['revise', 'mitra', { price: 6002 }],
      ],
    ],
    [
      'a counter and a revise',
      'pending',
      [
        ['counter', 'petani', { price: 5901 }],
        ['revise', 'mitra', { price: 6003 }],
      ],
    ],
    [
      'a signature and a revise',
      'negotiation',
      [
        ['sign', 'petani'],
        ['revise', 'mitra', { price: 6004 }],
      ],
    ],
    [
      'a reject and a cancel',
      'negotiation',
      [
        ['reject', 'petani'],
        ['cancel', 'mitra'],
      ],
    ],
    [
      'a start and an admin cancel',
      'approved',
      [
        ['start', 'mitra'],
        ['cancel', 'admin', { reason: 'Uji' }],
      ],
    ],
  ])('%s: a legal state, one event per change', async (_, situation, steps) => {
    const fixture = await reach(ctx, world.cast, situation);
    const before = await snapshot(ctx, world.cast, fixture.id);
    const answers = await Promise.all(
      steps.map(([a, actor, o]) => step(ctx, world.cast, fixture.id, a, actor, o)),
    );
    const after = await snapshot(ctx, world.cast, fixture.id);
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
    const taken = steps.filter((_, i) => answers[i]!.statusCode === 200);
    expect(taken.length).toBeGreaterThan(0);
    // Some serial order of the steps that passed explains the outcome: each legal in turn, the same end.
    const explained = orders(taken).some((order) => {
      let model = fixture.model;
      for (const [action, actor, options = {}] of order) {
        if (expectedAnswer(DESIGN_RULES, model, action, actor, options).status !== 200) return false;
        model = applyStep(DESIGN_RULES, model, action, actor, options);
      }
      const events = after.events.slice(before.events.length).map((e) => e.action);
      return (
        model.status === after.contract.status &&
        model.version === after.contract.terms_version &&
        JSON.stringify(events) === JSON.stringify(order.map(([action]) => action))
      );
    });
    expect(
      explained,
      JSON.stringify({ answers: answers.map((a) => a.statusCode), events: after.events }),
    ).toBe(true);
    expect(after.auditRows).toBe(before.auditRows + taken.length);
    expectConsistent(after, situation);
  });
});
