import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contracts, landCategories, lahan, locations, users } from '../../src/server/db/schema.js';
import { auditChanges } from '../../src/server/http/audit.js';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '../../src/server/http/body-rules.js';
import { MAX_FAILURES_PER_SESSION } from '../../src/server/modules/auth/limits.js';
import { MESSAGES } from '../../src/shared/messages.js';
import {
  call,
  demoTokens,
  userIdOf,
  useTestApp,
  type CallOptions,
  type CallResult,
  type Json,
} from './support/app.js';

const ctx = useTestApp();
let admin: string;
let petani: string;
let mitra: string;
let adminId: number;

beforeAll(async () => {
  ({ admin, petani, mitra } = await demoTokens(ctx));
  adminId = await userIdOf(ctx, 'admin');
});

const api = (method: CallOptions['method'], url: string, token: string, payload?: unknown) =>
  call(ctx, { method, url: `/api/v1${url}`, token, payload });

/** The audit rows of one resource (and id), oldest first. */
const auditRows = (resource: string, id?: number | string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.resource, resource),
        id === undefined ? undefined : eq(auditLog.resource_id, String(id)),
      ),
    )
    .orderBy(auditLog.id);

/** `[[[…]]]`: JSON `depth` arrays deep, as raw text (JSON.stringify itself would overflow on deeper values). */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

async function unverifiedPetani() {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'petani'), eq(users.status_verifikasi, false)))
    .orderBy(users.id)
    .limit(1);
  return row!.id;
}

const isVerified = async (id: number) =>
  (await ctx.db.select({ v: users.status_verifikasi }).from(users).where(eq(users.id, id)))[0]!.v;

async function unusedCategory(name: string) {
  const res = await api('POST', '/admin/category', admin, { type_name: name, description: 'Uji audit' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json.data.id as number;
}

const categoryExists = async (id: number) =>
  (await ctx.db.select().from(landCategories).where(eq(landCategories.id, id))).length === 1;

const tooDeep = {
  success: false,
  code: 'VALIDATION_ERROR',
  message: MESSAGES.body.tooDeep(MAX_BODY_DEPTH),
  errors: [{ field: 'body', message: MESSAGES.body.tooDeep(MAX_BODY_DEPTH) }],
};

describe('bodies nested too deeply', () => {
  it('answers 400 before an admin verification runs: nothing changes, nothing is audited', async () => {
    const id = await unverifiedPetani();
    const res = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/admin/verify/${id}`,
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: nested(5000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(tooDeep);
    expect(await isVerified(id)).toBe(false);
    expect(await auditRows('verify', id)).toEqual([]);
  });

  it('answers 400 before an admin delete runs: the category stays, nothing is audited', async () => {
    const id = await unusedCategory('Kategori dalam');
    const res = await call(ctx, {
      method: 'DELETE',
      url: `/api/v1/admin/category/${id}`,
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: nested(20000),
    });
    expect(res.statusCode).toBe(400);
    // Refused as a DELETE with a body, before its depth is looked at.
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(await categoryExists(id)).toBe(true);
    expect((await auditRows('category', id)).map((r) => r.action)).toEqual(['POST']);
  });

  it('refuses a body that is not JSON with 415 instead of ignoring it: nothing changes', async () => {
    const id = await unverifiedPetani();
    const res = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/admin/verify/${id}`,
      token: admin,
      headers: { 'content-type': 'text/plain' },
      payload: nested(5000),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(await isVerified(id)).toBe(false);
    expect(await auditRows('verify', id)).toEqual([]);
  });

  it('counts only real nesting: brackets inside strings and escaped quotes do not count', () => {
    expect(nestsDeeperThan(nested(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[\\"{{{{'.repeat(50) }), 4)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify([{ a: [{ b: 1 }] }]), 3)).toBe(true);
  });
});

describe('DELETE takes no body', () => {
  it('answers 400 to a DELETE with a body and deletes nothing; without one it deletes and audits once', async () => {
    const id = await unusedCategory('Kategori berbadan');
    const refused = await api('DELETE', `/admin/category/${id}`, admin, { reason: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: MESSAGES.body.deleteHasNoBody,
      errors: [{ field: 'body', message: MESSAGES.body.deleteHasNoBody }],
    });
    expect(await categoryExists(id)).toBe(true);

    const deleted = await api('DELETE', `/admin/category/${id}`, admin);
    expect(deleted.statusCode).toBe(200);
    expect(await categoryExists(id)).toBe(false);
    expect((await auditRows('category', id)).map((r) => r.action)).toEqual(['POST', 'DELETE']);
  });
});

describe('the audit row and the change commit together', () => {
  /** 200 with the change and one audit row, or a 4xx with neither — never one without the other. */
  async function expectConsistent(status: number, changed: boolean, rows: unknown[]) {
    if (status === 200) {
      expect(changed).toBe(true);
      expect(rows).toHaveLength(1);
    } else {
      expect(status).toBe(400);
      expect(changed).toBe(false);
      expect(rows).toEqual([]);
    }
  }

  it('a NUL in the body of a verification: the status and its audit row agree', async () => {
    const id = await unverifiedPetani();
    const res = await api('PUT', `/admin/verify-role/${id}`, admin, {
      status_verifikasi: true,
      note: 'a\u0000b',
    });
    await expectConsistent(res.statusCode, await isVerified(id), await auditRows('verify-role', id));
  });

  it('an unpaired surrogate in a category description: the update and its audit row agree', async () => {
    const id = await unusedCategory('Kategori surrogate');
    const res = await api('PUT', `/admin/category/${id}`, admin, {
      type_name: 'Kategori surrogate',
      description: 'Kebun \ud800 campur',
    });
    const [row] = await ctx.db.select().from(landCategories).where(eq(landCategories.id, id));
    const puts = (await auditRows('category', id)).filter((r) => r.action === 'PUT');
    await expectConsistent(res.statusCode, row!.description !== 'Uji audit', puts);
    if (res.statusCode === 200)
      expect(puts[0]!.changes).toMatchObject({ description: 'Kebun \ufffd campur' });
  });

  it('rolls the change back when the audit row cannot be written', async () => {
    const id = await unverifiedPetani();
    await ctx.db.execute(sql`
      CREATE FUNCTION refuse_verify_audit() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'audit refused'; END; $$ LANGUAGE plpgsql`);
    await ctx.db.execute(sql`
      CREATE TRIGGER refuse_verify_audit BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.resource = 'verify') EXECUTE FUNCTION refuse_verify_audit()`);
    try {
      const res = await api('PUT', `/admin/verify/${id}`, admin);
      expect(res.statusCode).toBe(500);
      expect(res.json).toMatchObject({ success: false });
      expect(await isVerified(id)).toBe(false);
    } finally {
      await ctx.db.execute(sql`DROP TRIGGER refuse_verify_audit ON audit_log`);
      await ctx.db.execute(sql`DROP FUNCTION refuse_verify_audit()`);
    }
    expect((await api('PUT', `/admin/verify/${id}`, admin)).statusCode).toBe(200);
    expect(await isVerified(id)).toBe(true);
    expect(await auditRows('verify', id)).toHaveLength(1);
  });
});

describe('admin writes outside /admin are audited too', () => {
  it('POST and DELETE /lahan and PUT /contract by an admin leave one row each', async () => {
    const [location] = await ctx.db.select({ id: locations.id }).from(locations).limit(1);
    const [category] = await ctx.db.select({ id: landCategories.id }).from(landCategories).limit(1);
    const created = await api('POST', '/lahan', admin, {
      nama_lahan: 'Sawah Audit',
      luas_lahan: 1200,
      address_lahan: 'Dusun Audit',
      location_id: location!.id,
      category_id: category!.id,
      petani_id: await userIdOf(ctx, 'petani', 1),
    });
    expect(created.statusCode, created.body).toBe(201);
    const lahanId = created.json.data.id as number;
    expect(await auditRows('lahan', lahanId)).toMatchObject([
      { action: 'POST', actor_id: adminId, changes: { nama_lahan: 'Sawah Audit' } },
    ]);

    expect((await api('DELETE', `/lahan/${lahanId}`, admin)).statusCode).toBe(200);
    expect((await auditRows('lahan', lahanId)).map((r) => r.action)).toEqual(['POST', 'DELETE']);

    const [contract] = await ctx.db
      .select({ id: contracts.id })
      .from(contracts)
      .orderBy(contracts.id)
      .limit(1);
    const put = await api('PUT', `/contract/${contract!.id}`, admin, { title: 'Diaudit' });
    expect(put.statusCode, put.body).toBe(200);
    expect(await auditRows('contract', contract!.id)).toMatchObject([
      { action: 'PUT', actor_id: adminId, changes: { title: 'Diaudit' } },
    ]);
  });

  it('does not audit the writes of petani', async () => {
    const [location] = await ctx.db.select({ id: locations.id }).from(locations).limit(1);
    const [category] = await ctx.db.select({ id: landCategories.id }).from(landCategories).limit(1);
    const created = await api('POST', '/lahan', petani, {
      nama_lahan: 'Sawah Petani',
      luas_lahan: 900,
      address_lahan: 'Dusun Petani',
      location_id: location!.id,
      category_id: category!.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await auditRows('lahan', created.json.data.id)).toEqual([]);
    await ctx.db.delete(lahan).where(eq(lahan.id, created.json.data.id));
  });
});

describe('what an admin write does not roll back', () => {
  it("counts an admin's wrong password confirmations against the session's limit", async () => {
    const wrong = () =>
      api('PUT', '/user/me/password', admin, {
        currentPassword: 'salah-salah1',
        newPassword: 'BaruSekali123',
      });
    for (let attempt = 1; attempt <= MAX_FAILURES_PER_SESSION; attempt++)
      expect((await wrong()).statusCode).toBe(400);
    const limited = await wrong();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await auditRows('user')).toEqual([]);
  });
});

describe('GET /admin/audit', () => {
  // Jakarta is UTC+7: 16:59Z is still 1 January there, 17:00Z already 2 January.
  const seeded = [
    { at: '2031-01-01T01:00:00Z', actor: 1, id: 'a' },
    { at: '2031-01-01T16:59:00Z', actor: 2, id: 'b' },
    { at: '2031-01-01T17:00:00Z', actor: 1, id: 'a' },
    { at: '2031-01-03T09:00:00Z', actor: 2, id: 'c' },
    { at: '2031-01-05T09:00:00Z', actor: 1, id: 'b' },
  ];
  const list = (query: string, token = admin) =>
    api('GET', `/admin/audit?resource=uji-audit&${query}`, token);
  const ids = (res: CallResult) => (res.json.data as Json[]).map((r) => `${r.resource_id}@${r.created_at}`);
  const expected = (pick: (row: (typeof seeded)[number]) => boolean) =>
    seeded
      .filter(pick)
      .reverse()
      .map((r) => `${r.id}@${new Date(r.at).toISOString()}`);

  beforeAll(async () => {
    await ctx.db.insert(auditLog).values(
      seeded.map((row) => ({
        actor_id: row.actor === 1 ? adminId : adminId + 100000,
        actor_email: `actor${row.actor}@example.com`,
        action: 'PUT',
        resource: 'uji-audit',
        resource_id: row.id,
        changes: { n: 1 },
        created_at: new Date(row.at),
      })),
    );
  });

  it('pages the log newest first (oldest first on request)', async () => {
    const first = await list('limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3, totalExact: true });
    expect(ids(first)).toEqual(expected(() => true).slice(0, 2));
    const oldest = await list('limit=2&sort=created_at&order=asc');
    expect(ids(oldest)).toEqual(
      expected(() => true)
        .reverse()
        .slice(0, 2),
    );
    const third = await list('limit=2&page=3');
    expect(ids(third)).toEqual(expected(() => true).slice(4));
    expect(third.json.data[0]).toMatchObject({
      action: 'PUT',
      resource: 'uji-audit',
      actor_email: 'actor1@example.com',
      actor_id: adminId,
      changes: { n: 1 },
    });
  });

  it('filters by actor, resource id and days in Asia/Jakarta', async () => {
    expect(ids(await list(`actor_id=${adminId}`))).toEqual(expected((r) => r.actor === 1));
    expect(ids(await list('resource_id=b'))).toEqual(expected((r) => r.id === 'b'));
    expect(ids(await list('from=2031-01-02'))).toEqual(expected((r) => r.at >= '2031-01-01T17'));
    expect(ids(await list('to=2031-01-01'))).toEqual(expected((r) => r.at < '2031-01-01T17'));
    expect(ids(await list('from=2031-01-02&to=2031-01-03'))).toEqual(
      expected((r) => r.at >= '2031-01-01T17' && r.at < '2031-01-03T17'),
    );
    const noResource = await api('GET', '/admin/audit?resource=tidak-ada', admin);
    expect(noResource.json).toMatchObject({ data: [], pagination: { total: 0 } });
  });

  it('refuses a bad filter with 400 and answers 401/403 to non-admins', async () => {
    expect((await list('from=kemarin')).statusCode).toBe(400);
    expect((await list('actor_id=abc')).statusCode).toBe(400);
    expect((await list('', petani)).statusCode).toBe(403);
    expect((await list('', mitra)).statusCode).toBe(403);
    expect((await call(ctx, { url: '/api/v1/admin/audit' })).statusCode).toBe(401);
  });
});

describe('auditChanges', () => {
  it('redacts secrets, makes NUL and unpaired surrogates storable and cuts nesting', () => {
    expect(
      auditChanges({ password: 'x', 'k\u0000': ['a\u0000b', '\udc00'], nested: { refreshToken: 't' } }),
    ).toEqual({
      password: '[redacted]',
      'k\ufffd': ['a\ufffdb', '\ufffd'],
      nested: { refreshToken: '[redacted]' },
    });
    let deep: unknown = 1;
    for (let i = 0; i < MAX_BODY_DEPTH + 5; i++) deep = [deep];
    expect(JSON.stringify(auditChanges(deep))).toBe(
      `${'['.repeat(MAX_BODY_DEPTH)}"[truncated]"${']'.repeat(MAX_BODY_DEPTH)}`,
    );
  });
});
