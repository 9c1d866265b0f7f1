import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  contractDeliveries,
  lahan,
  notificationPreferences,
  notifications,
  users,
} from '../../src/server/db/schema.js';
import { startDueContracts } from '../../src/server/modules/contracts/actions.js';
import { recordEvents } from '../../src/server/modules/contracts/events.js';
import { notifications as T } from '../../src/shared/messages/notifications.js';
import { call, DEMO_MITRA, DEMO_PETANI, useTestApp, type Json } from './support/app.js';
import {
  BASE,
  must,
  newLahan,
  offer,
  offerContract,
  postAs,
  signAs,
  useContractCast,
} from './support/contract-cast.js';
import { step } from './support/contract-steps.js';

/*
 * Issue 29: every change that concerns someone writes their notifications in its own transaction: each contract
 * step for the party who did not take it (both when an admin or the system did), a verification decision for the
 * person or the lahan's owner, a sign-up for every admin. Nobody is told of their own step.
 */

const ctx = useTestApp();
const cast = useContractCast(ctx);
let mark = 0;
const started = new Date();
const UNREAD_SEEDED = 3;
const CONTRACT_KINDS = Object.keys(T.contractTitles);

/** The notifications written since the last call, as [user, kind, title, link]. */
async function written() {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(gt(notifications.id, mark))
    .orderBy(asc(notifications.id));
  mark = rows.at(-1)?.id ?? mark;
  return rows.map((row) => [row.user_id, row.kind, row.title, row.link]);
}

beforeAll(async () => {
  await written();
});

const told = (userId: number, kind: keyof typeof T.contractTitles, contract: Json) => [
  userId,
  kind,
  T.contractTitles[kind](contract.id as number, contract.title as string),
  `/akun/kontrak/${contract.id}`,
];

describe('contract steps', () => {
  it('tell the other party of each step of the whole path, never the one who took it', async () => {
    const c = await offerContract(ctx, cast);
    const { petaniId: petani, mitraId: mitra } = cast;
    expect(await written()).toEqual([told(petani, 'contract.offer', c)]);

    await must(step(ctx, cast, c.id, 'counter', 'petani', { price: 5200 }));
    expect(await written()).toEqual([told(mitra, 'contract.counter', c)]);
    await must(step(ctx, cast, c.id, 'revise', 'mitra', { price: 5100 }));
    expect(await written()).toEqual([told(petani, 'contract.revise', c)]);
    await must(step(ctx, cast, c.id, 'sign', 'petani'));
    expect(await written()).toEqual([told(mitra, 'contract.sign', c)]);
    await must(step(ctx, cast, c.id, 'sign', 'mitra'));
    expect(await written()).toEqual([told(petani, 'contract.approve', c)]);
    await must(step(ctx, cast, c.id, 'start', 'mitra'));
    expect(await written()).toEqual([told(petani, 'contract.start', c)]);
    await must(step(ctx, cast, c.id, 'deliver', 'mitra'));
    expect(await written()).toEqual([told(petani, 'contract.delivery', c)]);
    const [delivery] = await ctx.db
      .select({ id: contractDeliveries.id })
      .from(contractDeliveries)
      .where(eq(contractDeliveries.contract_id, c.id));
    await must(step(ctx, cast, c.id, 'confirm', 'petani', { deliveryId: delivery!.id }));
    expect(await written()).toEqual([told(mitra, 'contract.delivery_confirmed', c)]);
    await must(step(ctx, cast, c.id, 'complete', 'mitra'));
    expect(await written()).toEqual([told(petani, 'contract.complete', c)]);
  });

  it('tell both parties of what an admin does, and the mitra of a rejection', async () => {
    const byAdmin = await must(offer(ctx, cast, await newLahan(ctx, cast), 'admin'));
    expect(await written()).toEqual([
      told(cast.petaniId, 'contract.offer', byAdmin),
      told(cast.mitraId, 'contract.offer', byAdmin),
    ]);
    await must(step(ctx, cast, byAdmin.id, 'cancel', 'admin', { reason: 'Lahan bermasalah' }));
    expect(await written()).toEqual([
      told(cast.petaniId, 'contract.cancel', byAdmin),
      told(cast.mitraId, 'contract.cancel', byAdmin),
    ]);

    const rejected = await offerContract(ctx, cast);
    await written();
    await must(step(ctx, cast, rejected.id, 'reject', 'petani'));
    expect(await written()).toEqual([told(cast.mitraId, 'contract.reject', rejected)]);
  });

  it('write nothing for a refused step', async () => {
    const c = await offerContract(ctx, cast);
    await written();
    expect((await step(ctx, cast, c.id, 'sign', 'petani', { wrongPassword: true })).statusCode).toBe(400);
    expect((await step(ctx, cast, c.id, 'start', 'mitra')).statusCode).toBe(409);
    expect((await step(ctx, cast, c.id, 'counter', 'otherPetani', { price: 5300 })).statusCode).toBe(404);
    expect(await written()).toEqual([]);
  });

  it('roll back with the transaction of the change', async () => {
    const c = await offerContract(ctx, cast);
    await written();
    const entry = {
      contractId: c.id,
      action: 'start' as const,
      from: 'approved' as const,
      to: 'active' as const,
      contract: { title: c.title, petani_id: cast.petaniId, mitra_id: cast.mitraId },
    };
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordEvents(tx, [{ ...entry, actor: { id: null, role: 'system' }, termsVersion: 1 }]);
        expect(await tx.select().from(notifications).where(gt(notifications.id, mark))).toHaveLength(2);
        throw new Error('the step failed after its events');
      }),
    ).rejects.toThrow('the step failed');
    expect(await written()).toEqual([]);
  });

  it('tell both parties when the system starts a batch of contracts', async () => {
    const due = [await offerContract(ctx, cast), await offerContract(ctx, cast)];
    for (const c of due) {
      await must(signAs(ctx, c.id, cast.tokens.petani, DEMO_PETANI.password));
      await must(signAs(ctx, c.id, cast.tokens.mitra, DEMO_MITRA.password));
    }
    await written();
    await startDueContracts(ctx.db);
    const started = (await written()).filter(([, kind]) => kind === 'contract.start');
    for (const c of due) {
      expect(started).toContainEqual(told(cast.petaniId, 'contract.start', c));
      expect(started).toContainEqual(told(cast.mitraId, 'contract.start', c));
    }
  });
});

describe('preferences when writing', () => {
  it('keep a kind the person turned off out of the app, but never a step that waits for them', async () => {
    await ctx.db.insert(notificationPreferences).values([
      { user_id: cast.petaniId, kind: 'contract.start', channel: 'in_app', enabled: false },
      { user_id: cast.petaniId, kind: 'contract.offer', channel: 'in_app', enabled: false },
      { user_id: cast.mitraId, kind: 'contract.start', channel: 'email', enabled: false },
    ]);
    const c = await offerContract(ctx, cast);
    await must(signAs(ctx, c.id, cast.tokens.petani, DEMO_PETANI.password));
    await must(signAs(ctx, c.id, cast.tokens.mitra, DEMO_MITRA.password));
    await must(postAs(ctx, `${BASE}/${c.id}/start`, cast.tokens.mitra));
    const rows = await ctx.db
      .select({ user: notifications.user_id, kind: notifications.kind, inApp: notifications.in_app })
      .from(notifications)
      .where(
        and(
          eq(notifications.contract_id, c.id),
          inArray(notifications.kind, ['contract.offer', 'contract.start']),
        ),
      )
      .orderBy(asc(notifications.id));
    expect(rows).toEqual([
      { user: cast.petaniId, kind: 'contract.offer', inApp: true },
      { user: cast.petaniId, kind: 'contract.start', inApp: false },
    ]);
    await ctx.db.delete(notificationPreferences);
    await written();
  });
});

describe('verification and registration', () => {
  it('tell a person of each change of their verification, once', async () => {
    await written();
    const [person] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'mitra'), eq(users.status_verifikasi, true)))
      .orderBy(users.id)
      .limit(1);
    const setTo = (status_verifikasi: boolean) =>
      call(ctx, {
        method: 'PUT',
        url: `/api/v1/admin/verify-role/${person!.id}`,
        token: cast.tokens.admin,
        payload: { status_verifikasi },
      });
    expect((await setTo(false)).statusCode).toBe(200);
    expect((await setTo(false)).statusCode).toBe(200);
    expect((await setTo(true)).statusCode).toBe(200);
    expect(await written()).toEqual([
      [person!.id, 'person.verification', T.personUnverified, '/akun'],
      [person!.id, 'person.verification', T.personVerified, '/akun'],
    ]);
  });

  it("tell a lahan's owner that it was verified", async () => {
    const id = await newLahan(ctx, cast, { status: 'pending', nama_lahan: 'Sawah Menunggu' });
    const res = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/admin/verify-lahan/${id}`,
      token: cast.tokens.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await written()).toEqual([
      [cast.petaniId, 'lahan.verification', T.lahanVerified('Sawah Menunggu'), '/akun'],
    ]);
    const again = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/admin/verify-lahan/${id}`,
      token: cast.tokens.admin,
    });
    expect(again.statusCode).toBe(400);
    expect(await written()).toEqual([]);
    expect((await ctx.db.select({ s: lahan.status }).from(lahan).where(eq(lahan.id, id)))[0]!.s).toBe(
      'active',
    );
  });

  it('tell every admin of a lahan a petani added, which waits for verification; not of one an admin added', async () => {
    const payload = {
      nama_lahan: 'Sawah Baru Notif',
      luas_lahan: 1200,
      address_lahan: 'Jl. Sawah 1',
      location_id: cast.locationId,
      category_id: cast.categoryId,
    };
    const res = await call(ctx, { method: 'POST', url: '/api/v1/lahan', token: cast.tokens.petani, payload });
    expect(res.statusCode, res.body).toBe(201);
    const lahanId = (res.json.data as Json).id as number;
    const admins = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(users.id);
    expect(await written()).toEqual(
      admins.map((admin) => [
        admin.id,
        'lahan.new',
        T.lahanNew('Sawah Baru Notif', (res.json.data as Json).petani_nama as string),
        `/admin/lahan/${lahanId}`,
      ]),
    );
    const byAdmin = await call(ctx, {
      method: 'POST',
      url: '/api/v1/lahan',
      token: cast.tokens.admin,
      payload: { ...payload, petani_id: cast.petaniId },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(await written()).toEqual([]);
  });

  it('tell every admin of a new sign-up, and not the new person', async () => {
    const res = await call(ctx, {
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        role: 'mitra',
        full_name: 'Dewi Lestari',
        email: 'dewi.notif@contoh.id',
        password: 'Mitra2025!',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json.data as Json).user.id as number;
    const admins = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(users.id);
    expect(admins.length).toBeGreaterThan(0);
    expect(await written()).toEqual(
      admins.map((admin) => [
        admin.id,
        'registration.new',
        T.registration('mitra', 'Dewi Lestari'),
        `/admin/mitra/${id}`,
      ]),
    );
  });
});

describe('the demo data', () => {
  it("fills the demo accounts' bells with what their contracts' latest steps told them, the newest 3 unread", async () => {
    const seeded = (userId: number) =>
      ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, userId), inArray(notifications.kind, [...CONTRACT_KINDS])))
        .orderBy(asc(notifications.id));
    for (const who of [DEMO_PETANI, DEMO_MITRA]) {
      const [person] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, who.email));
      const rows = (await seeded(person!.id)).filter((row) => row.created_at < started);
      expect(rows.length, who.email).toBeGreaterThan(UNREAD_SEEDED);
      expect(rows.filter((row) => row.read_at === null)).toHaveLength(UNREAD_SEEDED);
      expect(rows.every((row) => /^\/akun\/kontrak\/\d+$/.test(row.link))).toBe(true);
      // Ids follow time, as on the running server: the list (newest id first) is newest first.
      const times = rows.map((row) => row.created_at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });
});
