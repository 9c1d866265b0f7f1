/**
 * A signature binds the version of the terms its signer read (issue 26, finding 2): POST /contract/{id}/sign
 * takes terms_version; missing → 400 naming it; not the current version → 409 naming the current one, nothing
 * signed. Raced against a revision, the petani's signature is of the version they read, or refused: it never
 * lands on the new terms.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { reach } from './support/contract-fixtures.js';
import { snapshot, step, useLifecycleApp, type StepOptions } from './support/contract-steps.js';

const M = MESSAGES.contract;
const world = useLifecycleApp();
const { ctx } = world;

const sign = (id: number, options: StepOptions = {}) => step(ctx, world.cast, id, 'sign', 'petani', options);
const revise = (id: number, price: number) => step(ctx, world.cast, id, 'revise', 'mitra', { price });

describe('POST /contract/{id}/sign terms_version', () => {
  it('is required, a whole version number: 400 naming it, nothing signed', async () => {
    const { id } = await reach(ctx, world.cast, 'pending');
    const before = await snapshot(ctx, world.cast, id);
    for (const terms_version of [undefined, null, 0, 1.5, 'satu']) {
      const res = await sign(id, { body: { password: 'Petani123!', consent: true, terms_version } });
      expect(res.statusCode, JSON.stringify(terms_version)).toBe(400);
      expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(res.json.errors).toEqual([{ field: 'terms_version', message: M.termsVersionRequired }]);
    }
    expect(await snapshot(ctx, world.cast, id)).toEqual(before);
  });

  it('of a version read before a revision: 409 naming the current version, nothing signed', async () => {
    const { id } = await reach(ctx, world.cast, 'pending');
    expect((await revise(id, 6100)).statusCode).toBe(200);
    const before = await snapshot(ctx, world.cast, id);
    for (const read of [1, 3]) {
      const res = await sign(id, { termsVersion: read });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json).toEqual({
        success: false,
        code: 'CONFLICT',
        message:
          'Ketentuan kontrak telah berubah menjadi versi 2. Baca versi terbaru sebelum menandatangani.',
        errors: [{ field: 'terms_version', message: M.termsChanged(2) }],
      });
    }
    expect(await snapshot(ctx, world.cast, id)).toEqual(before);
    // Having read version 2, the petani signs it.
    const signed = await sign(id, { termsVersion: 2 });
    expect(signed.statusCode, signed.body).toBe(200);
    const after = await snapshot(ctx, world.cast, id);
    expect(after.signatures).toEqual([
      expect.objectContaining({ terms_version: 2, signer_role: 'petani', voided_at: null }),
    ]);
  });

  it('raced against a revision: signs the version read (then voided) or is refused, never the new one', async () => {
    for (let round = 0; round < 8; round++) {
      const { id } = await reach(ctx, world.cast, 'pending');
      // The petani read version 1; the mitra's revision to version 2 goes out at the same moment.
      const [revised, signed] = await Promise.all([revise(id, 6200 + round), sign(id, { termsVersion: 1 })]);
      expect(revised.statusCode, revised.body).toBe(200);
      const after = await snapshot(ctx, world.cast, id);
      expect(after.contract).toMatchObject({ terms_version: 2, petani_signed_at: null, status: 'pending' });
      if (signed.statusCode === 200) {
        // Signed first: the signature is of version 1, voided by the revision after it.
        expect(after.signatures).toEqual([
          expect.objectContaining({ terms_version: 1, signer_role: 'petani', voided_at: expect.anything() }),
        ]);
      } else {
        expect(signed.statusCode, signed.body).toBe(409);
        expect(signed.json.message).toBe(M.termsChanged(2));
        expect(after.signatures).toEqual([]);
      }
    }
  });
});

describe('POST /contract/{id}/counter and /revise terms_version', () => {
  const counter = (id: number, body: Record<string, unknown>) =>
    step(ctx, world.cast, id, 'counter', 'petani', { body });

  it('of a version the mitra has revised since (a counter written offline): 409 naming it, nothing changed', async () => {
    const { id } = await reach(ctx, world.cast, 'pending');
    expect((await revise(id, 6100)).statusCode).toBe(200);
    const before = await snapshot(ctx, world.cast, id);
    const res = await counter(id, { price: 6600, terms_version: 1 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json).toEqual({
      success: false,
      code: 'CONFLICT',
      message: M.termsChangedBeforeProposal(2),
      errors: [{ field: 'terms_version', message: M.termsChangedBeforeProposal(2) }],
    });
    expect(await snapshot(ctx, world.cast, id)).toEqual(before);
    // Of the version read, or without one (as before), the counter is a new version.
    const fresh = await counter(id, { price: 6600, terms_version: 2 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json.data).toMatchObject({ terms_version: 3, price: 6600 });
  });

  it('is a whole version number: 400 naming it', async () => {
    const { id } = await reach(ctx, world.cast, 'pending');
    for (const terms_version of [0, 1.5, 'satu']) {
      const res = await counter(id, { price: 6600, terms_version });
      expect(res.statusCode, JSON.stringify(terms_version)).toBe(400);
      expect(res.json.errors).toEqual([{ field: 'terms_version', message: M.termsVersionInvalid }]);
    }
  });
});
