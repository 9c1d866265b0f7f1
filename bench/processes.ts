import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { EMBEDDED_OPTIONS, EMBEDDED_V8_FLAG } from '../src/server/db/engine/embedded-options.js';
import { freePort } from '../test/support/free-port.js';

/** VmRSS (now) and VmHWM (the peak so far) of a process, in MB. */
export function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The pids of a process and all its descendants (the server forks a child to prepare a new database). */
function tree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    /* gone */
  }
  return [pid, ...children.flatMap(tree)];
}

/** Samples the RSS of a process tree every 50 ms; `peak()` is the largest sum seen (MB). */
function sampleTree(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    let sum = 0;
    for (const p of tree(pid)) {
      try {
        sum += memory(p).rss || 0; // a process that has exited but not been reaped has no VmRSS
      } catch {
        /* gone meanwhile */
      }
    }
    peak = Math.max(peak, sum);
  }, 50);
  return {
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}

/** Where a start went (the server's STARTUP_TIMING line): phase → [wall ms, CPU ms] since the process began. */
export type Phases = Record<string, [number, number]>;

export interface Running {
  child: ChildProcess;
  baseUrl: string;
  /** Spawn to the first health 200, in ms. */
  readyMs: number;
  /** The largest RSS of the process and its children, sampled until healthy (MB). */
  treePeak: number;
  /** The server's own account of its start (empty for a process that gives none). */
  phases: Phases;
  stop(): Promise<void>;
}

/**
 * Runs `node <args>` in `cwd` with `env` (PORT and HOST added) and waits until GET /api/v1/health answers 200,
 * polling every 10 ms.
 */
export async function startProcess(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Running> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', STARTUP_TIMING: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const sampler = sampleTree(child.pid!);
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${errors}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = performance.now() - started;
  sampler.stop();
  const timing = /^\{"startup":.*$/m.exec(errors)?.[0];
  return {
    child,
    baseUrl,
    readyMs,
    treePeak: Math.max(sampler.peak(), memory(child.pid!).peak),
    phases: timing ? (JSON.parse(timing) as { startup: Phases }).startup : {},
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The peers of a restart, as `node --input-type=module -e` programs run from the repository root: a bare
 * Fastify answering the health route, and the same with the health route running `SELECT 1` on PGlite opened
 * on DATA_DIR with the server's options (`peerArgs`) — what any PGlite-backed Fastify server pays before it
 * can answer. Both close cleanly on SIGTERM.
 */
export const PEERS = {
  fastify: `
    import Fastify from 'fastify';
    const app = Fastify();
    app.get('/api/v1/health', async () => ({ status: 'ok' }));
    await app.listen({ port: Number(process.env.PORT), host: process.env.HOST });
    process.once('SIGTERM', async () => { await app.close(); process.exit(0); });`,
  fastifyPglite: `
    import Fastify from 'fastify';
    import { PGlite } from '@electric-sql/pglite';
    import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
    const startParams = JSON.parse(process.env.PEER_START_PARAMS);
    const db = await PGlite.create({ dataDir: process.env.DATA_DIR, extensions: { pg_trgm }, startParams });
    const app = Fastify();
    app.get('/api/v1/health', async () => { await db.query('SELECT 1'); return { status: 'ok' }; });
    await app.listen({ port: Number(process.env.PORT), host: process.env.HOST });
    process.once('SIGTERM', async () => { await app.close(); await db.close(); process.exit(0); });`,
};

/** How a peer runs: node with the server's WebAssembly flag, and its PGlite start parameters in the environment. */
export function peerArgs(program: string, env: NodeJS.ProcessEnv): [string[], NodeJS.ProcessEnv] {
  return [
    [`--${EMBEDDED_V8_FLAG}`, '--input-type=module', '-e', program],
    { ...env, PEER_START_PARAMS: JSON.stringify(EMBEDDED_OPTIONS.startParams) },
  ];
}
