import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../support/free-port.js';
import path from 'node:path';
import { DEMO_ADMIN } from '../../../src/server/config.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  baseUrl: string;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Sends a signal and waits for the process to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** The last lines the server printed (for failure messages). */
  output(): string;
  /** How many lines the server has printed that contain `text`. */
  linesWith(text: string): number;
  /** Every line the server has printed so far. */
  lines(): string[];
}

/**
 * Runs the real server (`src/server/main.ts` through tsx, one node process, so a signal reaches the
 * server itself) and waits until its health check answers 200. `env` chooses the database:
 * `DATABASE_URL` for PostgreSQL, `DATA_DIR` for the embedded one. `root`: whose `src` to run (another
 * commit's, unpacked: scripts/list-parity.ts).
 */
export async function startServer(
  env: {
    DATABASE_URL?: string;
    DATA_DIR?: string;
    WORKERS?: string;
    LOG_LEVEL?: string;
    SEED?: string;
  },
  root = ROOT,
): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED: 'none',
    JWT_SECRET: 'fault-test-secret-fault-test-secret-0123456789',
    ADMIN_EMAIL: DEMO_ADMIN.email,
    ADMIN_PASSWORD: DEMO_ADMIN.password,
  };
  delete childEnv.DATABASE_URL;
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => (log += chunk.toString());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => log.slice(-8000));
  return {
    baseUrl,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    output: () => log.slice(-8000),
    linesWith: (text) => log.split('\n').filter((line) => line.includes(text)).length,
    lines: () => log.split('\n'),
  };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become healthy at ${baseUrl}:\n${output()}`);
}

/** An admin access token from the running server's own sign-in. */
export async function adminToken(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/v1/auth/admin-signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (res.status !== 200 || !body.data?.token) throw new Error(`admin sign-in answered ${res.status}`);
  return body.data.token;
}
