import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../support/free-port.js';
import { testServerEnv, waitForServer } from '../../support/test-server.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Runs the README's `npm start` (build + serve) on a free port with a fresh data directory. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tanimitra-e2e-'));
  let log = '';
  const child = spawn('npm', ['start'], {
    env: testServerEnv(port, dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForServer(baseURL, child, () => log.slice(-4000));
  project.provide('baseURL', baseURL);
  return async () => {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
