import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';

const FILE = path.resolve(import.meta.dirname, 'RESULTS.md');
/** The file's opening, when it is made anew: each bench's current figures follow it, then the runs' own sections. */
const HEADER =
  [
    '# Benchmark results',
    "The current figures of each bench, one section per bench: what it measures, how the figures were taken, the command, and the latest figures as ratios to the bench's peer (measured in the same run), with their date, commit and load average. Earlier runs are in git (`git log -p bench/RESULTS.md`). The machine is 2 cores (2 × Intel Xeon or AMD EPYC, 23.5 GiB) shared with other engineers' builds, tests and seeds: absolute figures move by 2–5× with its load, so read the ratios.",
    "A run writes its own section below these (bench/results.ts `writeSection`, replacing an earlier section of the same name): `bench:scale` as `## <BENCH_LABEL> (commit …)`, the others as `## bench:<name> <BENCH_LABEL>` (`bench:panel` replaces its section here). When a run gives the current figures, they go into the bench's section and the run's own section goes.",
  ].join('\n\n') + '\n';

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
