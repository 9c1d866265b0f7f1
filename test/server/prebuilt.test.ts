import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runPrebuilt, runPrebuiltRows } from '../../src/server/db/lists/prebuilt.js';

/** A statement that answers with the name it was prepared under, and counts its builds. */
function statement() {
  const built: string[] = [];
  const build = () => ({
    prepare: (name: string) => {
      built.push(name);
      return { execute: async () => name };
    },
  });
  return { built, build };
}

describe('runPrebuilt', () => {
  it('builds a shape once per handle, and names it once per process', async () => {
    const { built, build } = statement();
    const pool = {};
    const [first, again] = [
      await runPrebuilt(pool, 'shape-a', { q0: 'x' }, build),
      await runPrebuilt(pool, 'shape-a', { q0: 'y' }, build),
    ];
    expect(first).toMatch(/^p\d+$/);
    expect(again).toBe(first);
    expect(built).toHaveLength(1);
    // A transaction's handle is new each time: it builds the shape again, under the same name.
    const inTransaction = await runPrebuilt({}, 'shape-a', { q0: 'z' }, build);
    expect(inTransaction).toBe(first);
    expect(built).toEqual([first, first]);
    // Another shape (or other values given) is another text, under another name.
    const other = await runPrebuilt(pool, 'shape-b', { q0: 'x' }, build);
    const moreValues = await runPrebuilt(pool, 'shape-a', { q0: 'x', role: 'petani' }, build);
    expect(new Set([first, other, moreValues]).size).toBe(3);
  });

  it('leaves a statement planned per call (a search) unnamed', async () => {
    const { build } = statement();
    expect(await runPrebuilt({}, 'shape-c', {}, build, false)).toBe('');
  });
});

describe('runPrebuiltRows', () => {
  /** A select of two columns, `a` bound to the placeholder `id` and `b` a constant, and its builds. */
  function select() {
    let builds = 0;
    const build = () => {
      builds++;
      return {
        toSQL: () => ({ sql: 'select $1::int as a, $2::text as b', params: [sql.placeholder('id'), 'b'] }),
        prepare: () => ({ execute: async (values?: Record<string, unknown>) => [{ a: values!.id, b: 'b' }] }),
      };
    };
    return { build, builds: () => builds };
  }

  it("sends the pool's named statement as it is, its placeholders filled, rows as arrays", async () => {
    const pool = new pg.Pool();
    const sent: pg.QueryConfig[] = [];
    pool.query = (async (config: pg.QueryConfig) => {
      sent.push(config);
      return { rows: [[config.values![0], config.values![1]]] };
    }) as unknown as typeof pool.query;
    const { build, builds } = select();
    const db = { $client: pool };
    expect(await runPrebuiltRows(db, 'rows-a', { id: 7 }, build)).toEqual([[7, 'b']]);
    expect(await runPrebuiltRows(db, 'rows-a', { id: 8 }, build)).toEqual([[8, 'b']]);
    expect(builds()).toBe(1);
    expect(sent.map((config) => config.values)).toEqual([
      [7, 'b'],
      [8, 'b'],
    ]);
    expect(sent[0]).toMatchObject({ text: 'select $1::int as a, $2::text as b', rowMode: 'array' });
    expect(sent[0]!.name).toMatch(/^p\d+$/);
    expect(sent[1]!.name).toBe(sent[0]!.name);
    await pool.end();
  });

  it("answers a transaction's or PGlite's rows through runPrebuilt, their values in the select's order", async () => {
    const { build } = select();
    expect(await runPrebuiltRows({}, 'rows-b', { id: 3 }, build)).toEqual([[3, 'b']]);
  });
});
