/**
 * Terms a contract cannot have (issue 26, finding 6): an offer, a counter-offer, a revision or an admin's
 * edit of 0 kg or at Rp 0 is refused with 400 naming the field ('Jumlah harus lebih dari 0', 'Harga harus
 * lebih dari 0'), and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { call } from './support/app.js';
import { BASE, newLahan, offer } from './support/contract-cast.js';
import { reach } from './support/contract-fixtures.js';
import { snapshot, step, useLifecycleApp } from './support/contract-steps.js';

const M = MESSAGES.contract;
const world = useLifecycleApp();
const { ctx } = world;

const ZERO_TERMS = [
  [{ quantity: 0 }, 'quantity', 'Jumlah harus lebih dari 0'],
  [{ price: 0 }, 'price', 'Harga harus lebih dari 0'],
  [{ price: '0.00' }, 'price', M.priceInvalid],
  [{ quantity: 0.001 }, 'quantity', M.quantityInvalid],
] as const;

describe('quantity and price above 0', () => {
  it.each(ZERO_TERMS)('an offer of %j: 400 naming the field, no contract', async (terms, field, message) => {
    for (const by of ['mitra', 'admin'] as const) {
      const lahanId = await newLahan(ctx, world.cast);
      const res = await offer(ctx, world.cast, lahanId, by, terms);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(res.json.errors).toEqual([{ field, message }]);
      const onLahan = await call(ctx, { url: `${BASE}/lahan/${lahanId}`, token: world.cast.tokens.admin });
      expect(onLahan.json.data).toEqual([]);
    }
  });

  it.each(ZERO_TERMS)(
    'a counter, a revision or an edit to %j: 400, nothing changed',
    async (terms, field) => {
      const { id } = await reach(ctx, world.cast, 'pending');
      const before = await snapshot(ctx, world.cast, id);
      const answers = [
        await step(ctx, world.cast, id, 'counter', 'petani', { body: terms }),
        await step(ctx, world.cast, id, 'revise', 'mitra', { body: terms }),
        await call(ctx, {
          method: 'PUT',
          url: `${BASE}/${id}`,
          token: world.cast.tokens.admin,
          payload: terms,
        }),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json.errors.map((e: { field: string }) => e.field)).toEqual([field]);
      }
      expect(await snapshot(ctx, world.cast, id)).toEqual(before);
    },
  );
});
