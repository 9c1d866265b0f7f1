import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * No import cycles between the API's modules (issue 28 item 5): a module may use another only if that one
 * does not use it back, directly or through others. The graph is of folders of src/server/modules, from
 * every static and dynamic relative import of their files.
 */

const MODULES = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/server/modules');
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** The module folder a path lies in, or null outside every module (modules/index.ts, db/, http/…). */
const moduleOf = (path: string): string | null => {
  const parts = relative(MODULES, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0]! : null;
};

/** module → the other modules its files import. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of filesUnder(MODULES)) {
    const from = moduleOf(file);
    if (!from) continue;
    const uses = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const [, target] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = moduleOf(resolve(dirname(file), target!));
      if (to && to !== from) uses.add(to);
    }
  }
  return graph;
}

/** Every cycle as the path that closes it (a → b → a), each found once from its least module. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const walk = (start: string, path: string[]) => {
    for (const next of graph.get(path.at(-1)!) ?? []) {
      if (next === start) cycles.push([...path, start]);
      else if (next > start && !path.includes(next)) walk(start, [...path, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, [start]);
  return cycles;
}

describe('server modules', () => {
  it('import each other without cycles', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(cyclesOf(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('would see a cycle', () => {
    const graph = new Map([
      ['auth', new Set(['people'])],
      ['people', new Set(['me'])],
      ['me', new Set(['auth', 'documents'])],
      ['documents', new Set<string>()],
    ]);
    expect(cyclesOf(graph)).toEqual([['auth', 'people', 'me', 'auth']]);
  });
});
