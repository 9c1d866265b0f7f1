import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../../src/server/db/schema.js';
import { CONTRACT_STATUSES } from '../../src/shared/constants.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { call, useTestApp, type Json } from './support/app.js';
import { createCast, type Cast, type CastRole, type Person } from './support/people-cast.js';

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx);
});

const get = (as: CastRole, url: string) => call(ctx, { url: `/api/v1${url}`, token: cast.tokens[as] });

/** The contact fields of a person record, as docs/API.md names them. */
const contactOf = (p: Person) => ({
  email: p.email,
  username: p.username,
  phone: p.phone,
  no_phone: p.phone,
  alamat: p.alamat,
  address: p.alamat,
});
const NO_CONTACT = { email: null, username: null, phone: null, no_phone: null, alamat: null, address: null };
const NO_PRIVATE = {
  nik: null,
  ktp: null,
  verifikasi_ktp: null,
  supporting_documents: null,
  url_image: null,
};

describe('an unverified mitra (signed up, not yet verified by an admin)', () => {
  it('sees no petani: 403 on GET /petani/{id} and /user/{id}, with nothing of the petani in the answer', async () => {
    for (const url of [`/petani/${cast.owner.id}`, `/user/${cast.owner.id}`]) {
      const res = await get('unverified', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json.code, url).toBe('INVALID_ROLE');
      expect(res.body).not.toContain(cast.owner.email);
    }
    expect((await get('unverified', `/petani/${cast.owner.id}`)).json.message).toBe(
      MESSAGES.people.mitraUnverified,
    );
  });

  it('browses no lahan and proposes no contract (403 INVALID_ROLE)', async () => {
    for (const url of ['/lahan', `/lahan/${cast.lahanId}`, `/lahan/petani/${cast.owner.id}`]) {
      const res = await get('unverified', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json).toEqual({
        success: false,
        code: 'INVALID_ROLE',
        message: MESSAGES.people.mitraUnverified,
      });
    }
    const proposal = await call(ctx, {
      method: 'POST',
      url: '/api/v1/contract',
      token: cast.tokens.unverified,
      payload: { petani_id: cast.owner.id, lahan_id: cast.lahanId },
    });
    expect(proposal.statusCode).toBe(403);
    expect(proposal.json.code).toBe('INVALID_ROLE');
  });

  it('still reads their own record', async () => {
    const res = await get('unverified', `/user/${cast.unverified.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toMatchObject({ id: cast.unverified.id, email: cast.unverified.email });
  });
});

describe('a verified mitra without an accepted contract', () => {
  it("sees a verified petani's name, but no contact details, NIK or documents", async () => {
    for (const url of [`/petani/${cast.owner.id}`, `/user/${cast.owner.id}`]) {
      const res = await get('mitra', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json.data, url).toMatchObject({
        id: cast.owner.id,
        full_name: 'Uji pemilik',
        status_verifikasi: true,
        ...NO_CONTACT,
        ...NO_PRIVATE,
      });
      expect(res.body).not.toContain(cast.owner.email);
      expect(res.body).not.toContain(cast.owner.nik);
    }
  });

  it("sees the owner's lahan without the owner's contact details", async () => {
    const one = await get('mitra', `/lahan/${cast.lahanId}`);
    expect(one.json.data).toMatchObject({ petani_email: null, petani_phone: null, petani_alamat: null });
    const list = await get('mitra', `/lahan/petani/${cast.owner.id}`);
    expect(list.json.data).toEqual([expect.objectContaining({ id: cast.lahanId, petani_email: null })]);
  });
});

describe('the counterpart of an accepted contract', () => {
  it("sees the petani's contact details, never the NIK or documents", async () => {
    for (const url of [`/petani/${cast.owner.id}`, `/user/${cast.owner.id}`]) {
      const res = await get('counterpart', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json.data, url).toMatchObject({
        id: cast.owner.id,
        ...contactOf(cast.owner),
        ...NO_PRIVATE,
      });
    }
    const land = await get('counterpart', `/lahan/${cast.lahanId}`);
    expect(land.json.data).toMatchObject({
      petani_email: cast.owner.email,
      petani_phone: cast.owner.phone,
      petani_alamat: cast.owner.alamat,
    });
  });

  it("is seen by the petani in turn: the mitra's contact details, without NIK", async () => {
    const res = await get('owner', `/user/${cast.counterpart.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toMatchObject({
      id: cast.counterpart.id,
      role: 'mitra',
      ...contactOf(cast.counterpart),
      company_address: 'Kantor rekanan',
      nik: null,
    });
  });

  it('counts only a contract the petani accepted: approved, active or completed', async () => {
    const seen: Record<string, boolean> = {};
    try {
      for (const status of CONTRACT_STATUSES) {
        await ctx.db.update(contracts).set({ status }).where(eq(contracts.id, cast.contractId));
        const [person, land] = await Promise.all([
          get('counterpart', `/petani/${cast.owner.id}`),
          get('counterpart', `/lahan/${cast.lahanId}`),
        ]);
        seen[status] = (person.json.data as Json).email !== null;
        expect((land.json.data as Json).petani_email !== null, status).toBe(seen[status]);
      }
    } finally {
      await ctx.db.update(contracts).set({ status: 'approved' }).where(eq(contracts.id, cast.contractId));
    }
    expect(seen).toEqual({
      pending: false,
      negotiation: false,
      approved: true,
      active: true,
      completed: true,
      rejected: false,
      cancelled: false,
    });
  });
});

describe('petani', () => {
  it('see no other petani, and a mitra only as the other party of a contract', async () => {
    for (const url of [
      `/petani/${cast.owner.id}`,
      `/user/${cast.owner.id}`,
      `/user/${cast.counterpart.id}`,
    ]) {
      const res = await get('petani', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json.code).toBe('INVALID_ROLE');
    }
    const proposer = await get('owner', `/user/${cast.mitra.id}`);
    expect(proposer.statusCode).toBe(200);
    expect(proposer.json.data).toMatchObject({
      id: cast.mitra.id,
      full_name: 'Uji penawar',
      ...NO_CONTACT,
      nik: null,
    });
  });
});

describe('admins and the person themself', () => {
  it('see every field, NIK and documents included', async () => {
    for (const as of ['admin', 'owner'] as const) {
      const res = await get(as, `/petani/${cast.owner.id}`);
      expect(res.json.data, as).toMatchObject({
        ...contactOf(cast.owner),
        nik: cast.owner.nik,
        ktp: `/api/v1/documents/${cast.documentId}`,
      });
      expect((await get(as, `/user/${cast.owner.id}`)).json.data).toEqual(res.json.data);
    }
  });
});
