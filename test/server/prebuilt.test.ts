import { describe, expect, it } from 'vitest';
import { runPrebuilt } from '../../src/server/db/lists/prebuilt.js';

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
