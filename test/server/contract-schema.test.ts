import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts, documents } from '../../src/server/db/schema.js';
import { userIdOf, useTestApp } from './support/app.js';

const ctx = useTestApp();
const CODE = /^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/;

describe('migration 0010 (contract lifecycle)', () => {
  it('gives every contract its own verification code, XXXX-XXXX-XXXX-XXXX in upper-case hex', async () => {
    const rows = await ctx.db.select({ code: contracts.verification_code }).from(contracts);
    expect(rows.length).toBeGreaterThan(1);
    for (const { code } of rows) expect(code).toMatch(CODE);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
  });

  it('refuses an awaiting other than petani or mitra, and a second contract with the same code', async () => {
    const [first, second] = await ctx.db
      .select({ id: contracts.id, code: contracts.verification_code })
      .from(contracts)
      .limit(2);
    await expect(
      ctx.db.execute(sql`UPDATE contracts SET awaiting = 'admin' WHERE id = ${first!.id}`),
    ).rejects.toThrow();
    await expect(
      ctx.db.update(contracts).set({ verification_code: first!.code }).where(eq(contracts.id, second!.id)),
    ).rejects.toThrow();
  });

  it('keeps one personal document per kind but allows many delivery photos per user', async () => {
    const userId = await userIdOf(ctx, 'mitra');
    const photo = {
      user_id: userId,
      kind: 'delivery_photo' as const,
      mime_type: 'image/png',
      file_name: 'kirim.png',
      size_bytes: 1,
      content: new Uint8Array([1]),
    };
    await ctx.db.insert(documents).values([photo, photo]);
    const avatar = { ...photo, kind: 'avatar' as const };
    await ctx.db.delete(documents).where(eq(documents.kind, 'avatar'));
    await ctx.db.insert(documents).values(avatar);
    await expect(ctx.db.insert(documents).values(avatar)).rejects.toThrow();
  });
});
