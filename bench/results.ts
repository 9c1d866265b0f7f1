import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';

const FILE = path.resolve(import.meta.dirname, 'RESULTS.md');
const HEADER =
  '# Benchmark results\n\nWritten by `npm run bench:scale` (bench/scale.ts, a section per `BENCH_LABEL`), ' +
  '`npm run bench:site` (bench/site.mjs, a `bench:site` section per `BENCH_LABEL`), ' +
  '`npm run bench:embedded` (bench/embedded.ts, a `bench:embedded` section per `BENCH_LABEL`), ' +
  '`npm run bench:panel` (bench/panel.ts) and `npm run bench:writes` (bench/writes.ts, a `bench:writes` section per ' +
  '`BENCH_LABEL`); each run replaces its own section. Figures depend on the machine ' +
  'and its load: compare the ratios to the peer.\n';

/** Replaces the section of bench/RESULTS.md whose heading starts with `heading` (or adds it), keeping the others. */
export async function writeSection(heading: string, section: string): Promise<void> {
  const existing = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER;
  const [head, ...sections] = existing.split(/\n(?=## )/);
  const kept = sections.filter((s) => !s.startsWith(heading));
  const text = [head!.trimEnd() + '\n', ...kept.map((s) => s.trimEnd() + '\n'), section].join('\n');
  // Formatted as `npm run lint` expects the committed file to be.
  writeFileSync(
    FILE,
    await prettier.format(text, { ...(await prettier.resolveConfig(FILE)), filepath: FILE }),
  );
}
