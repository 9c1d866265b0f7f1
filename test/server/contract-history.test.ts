import { describe, expect, it } from 'vitest';
import { call, DEMO_MITRA, DEMO_PETANI, tokenForUser, useTestApp, type Json } from './support/app.js';
import { BASE, offerContract, postAs, RICE_TERMS, signAs, useContractCast } from './support/contract-cast.js';

const ctx = useTestApp();
const cast = useContractCast(ctx);
const offer = (terms: Json = {}) => offerContract(ctx, cast, { terms: { ...RICE_TERMS, ...terms } });
const post = (url: string, token: string, payload?: Json) => postAs(ctx, url, token, payload);
const sign = (id: number, token: string, password: string, consent?: unknown) =>
  signAs(ctx, id, token, password, consent);

describe('GET /contract/{id}/events, /terms, /signatures', () => {
  it('shows the parties and admins the timeline, the versions and the signatures; others 404', async () => {
    const c = await offer();
    await post(`${BASE}/${c.id}/counter`, cast.tokens.petani, { quantity: 800, note: 'Lahan sebagian' });
    await sign(c.id, cast.tokens.mitra, DEMO_MITRA.password);
    const get = (what: string, token: string) => call(ctx, { url: `${BASE}/${c.id}/${what}`, token });

    const events = (await get('events', cast.tokens.petani)).json.data as Json[];
    expect(events.map((e) => [e.action, e.actor_role, e.from_status, e.to_status, e.terms_version])).toEqual([
      ['offer', 'mitra', null, 'pending', 1],
      ['counter', 'petani', 'pending', 'negotiation', 2],
      ['sign', 'mitra', 'negotiation', 'negotiation', 2],
    ]);
    expect(events[1]).toMatchObject({ note: 'Lahan sebagian', actor_name: c.fullname_petani });
    expect(events[0]!.actor_name).toBe(c.fullname_mitra);

    const terms = (await get('terms', cast.tokens.mitra)).json.data as Json[];
    expect(terms.map((t) => [t.version, t.quantity, t.total_value, t.proposed_role])).toEqual([
      [1, 1000, 6_000_000, 'mitra'],
      [2, 800, 4_800_000, 'petani'],
    ]);
    expect(terms[1]!.document_sha256).toMatch(/^[0-9a-f]{64}$/);

    const forParty = (await get('signatures', cast.tokens.petani)).json.data as Json[];
    expect(forParty).toEqual([
      expect.objectContaining({
        signer_role: 'mitra',
        terms_version: 2,
        ip: null,
        user_agent: null,
        voided_at: null,
      }),
    ]);
    expect(forParty[0]!.document_sha256).toBe(terms[1]!.document_sha256);
    const forAdmin = (await get('signatures', cast.tokens.admin)).json.data as Json[];
    expect(forAdmin[0]).toMatchObject({ ip: '127.0.0.1', user_agent: 'UjiBrowser/1.0' });

    const stranger = await tokenForUser(ctx, 'mitra', 1);
    for (const what of ['events', 'terms', 'signatures'])
      expect((await get(what, stranger)).statusCode).toBe(404);
  });
});

describe('awaiting=true', () => {
  it("lists the contracts waiting for the caller's step, as a count for /akun", async () => {
    const c = await offer();
    const waiting = async (token: string) =>
      (await call(ctx, { url: `${BASE}/user?awaiting=true&limit=100`, token })).json;
    const forPetani = await waiting(cast.tokens.petani);
    expect(forPetani.data.map((r: Json) => r.id)).toContain(c.id);
    expect(forPetani.data.every((r: Json) => r.awaiting === 'petani')).toBe(true);
    expect((await waiting(cast.tokens.mitra)).data.map((r: Json) => r.id)).not.toContain(c.id);
    await sign(c.id, cast.tokens.petani, DEMO_PETANI.password);
    expect((await waiting(cast.tokens.mitra)).data.map((r: Json) => r.id)).toContain(c.id);
    const others = await call(ctx, {
      url: `${BASE}/user?awaiting=false&limit=100`,
      token: cast.tokens.petani,
    });
    expect(others.json.data.map((r: Json) => r.id)).toContain(c.id);
    expect(others.json.data.some((r: Json) => r.awaiting === 'petani')).toBe(false);
  });
});
