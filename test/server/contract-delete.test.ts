/**
 * Which contracts an admin may delete, as the record tells the panel (has_signatures, the shared
 * contractDeletable): none that anyone signed, even a signature a revision voided since.
 */
import { describe, expect, it } from 'vitest';
import { contractDeletable } from '../../src/shared/contracts.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { call } from './support/app.js';
import { BASE } from './support/contract-cast.js';
import { reach } from './support/contract-fixtures.js';
import { step, useLifecycleApp } from './support/contract-steps.js';

const world = useLifecycleApp();
const { ctx } = world;

const read = async (id: number) =>
  (await call(ctx, { url: `${BASE}/${id}`, token: world.cast.tokens.admin })).json.data;
const remove = (id: number) =>
  call(ctx, { method: 'DELETE', url: `${BASE}/${id}`, token: world.cast.tokens.admin });

describe('has_signatures and DELETE /contract/{id}', () => {
  it('a contract signed once, then revised, says so and is not deleted; one never signed is', async () => {
    const signed = await reach(ctx, world.cast, 'pending');
    expect((await step(ctx, world.cast, signed.id, 'sign', 'petani')).statusCode).toBe(200);
    expect((await step(ctx, world.cast, signed.id, 'revise', 'mitra', { price: 7100 })).statusCode).toBe(200);
    const record = await read(signed.id);
    expect(record).toMatchObject({ petani_signed_at: null, has_signatures: true });
    expect(contractDeletable(record)).toBe(false);
    const refused = await remove(signed.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json).toMatchObject({ code: 'CONFLICT', message: MESSAGES.contract.signedNoDelete });
    expect((await read(signed.id)).id).toBe(signed.id);

    const fresh = await reach(ctx, world.cast, 'negotiation');
    const unsigned = await read(fresh.id);
    expect(unsigned.has_signatures).toBe(false);
    expect(contractDeletable(unsigned)).toBe(true);
    const listed = await call(ctx, { url: `${BASE}?limit=100`, token: world.cast.tokens.admin });
    const rows = listed.json.data as { id: number; has_signatures: boolean }[];
    expect(rows.find((c) => c.id === signed.id)?.has_signatures).toBe(true);
    expect(rows.find((c) => c.id === fresh.id)?.has_signatures).toBe(false);
    expect((await remove(fresh.id)).statusCode).toBe(200);
    expect((await call(ctx, { url: `${BASE}/${fresh.id}`, token: world.cast.tokens.admin })).statusCode).toBe(
      404,
    );
  });
});
