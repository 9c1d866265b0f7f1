import { performance } from 'node:perf_hooks';

/**
 * Where a start spends its time: with STARTUP_TIMING=1 the server writes, once it listens, one JSON line to
 * stderr, `{"startup": {phase: [ms since the process began, CPU ms used by then], …}}` (bench/embedded.ts
 * reads it). CPU time (all the process's threads) says where the work goes even on a busy machine, where the
 * wall clock mostly measures waiting. The first phase, `modules`, is when main.ts runs: everything before it
 * is Node starting and loading the imports.
 */
const enabled = process.env.STARTUP_TIMING === '1';
const marks: Record<string, [number, number]> = {};

export function markStartup(phase: string): void {
  if (!enabled) return;
  const { user, system } = process.cpuUsage();
  marks[phase] = [Math.round(performance.now()), Math.round((user + system) / 1000)];
}

export function reportStartup(): void {
  if (enabled) process.stderr.write(`${JSON.stringify({ startup: marks })}\n`);
}
