import axios from 'axios';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { http } from '../../../src/app/api/client';
import { freePort } from '../../support/free-port';
import { whenSeeded } from '../../support/seeded-embedded';
import { whenBuilt } from '../../support/server-bundle';
import { testServerEnv, waitForServer } from '../../support/test-server';

/*
 * The account screens against the real API: the server (the run's bundle of src/server/main.ts, as `npm start`
 * runs it, embedded PGlite) runs as a child process for the test file, in a copy of the run's migrated,
 * demo-seeded data directory (test/app/global-setup.ts), and the app's axios client talks to it over loopback
 * HTTP with the fetch adapter (jsdom has no network of its own). It takes a second or two to start, so a file
 * starts it once and its tests share the data: each test makes what it needs.
 */

export interface LiveServer {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** A JSON call straight to the API (to arrange data or check what the screens did). */
  api<T = any>(
    method: string,
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; json: T }>;
}

export function startLiveServer(): LiveServer {
  const server = {} as LiveServer;
  let child: ChildProcess | undefined;
  let dataDir = '';
  beforeAll(async () => {
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'tanimitra-app-'));
    cpSync(await whenSeeded(inject('seededDataDir')), dataDir, { recursive: true });
    let log = '';
    child = spawn(process.execPath, [await whenBuilt(inject('serverBundle'))], {
      env: testServerEnv(port, dataDir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (log += d));
    child.stderr?.on('data', (d) => (log += d));
    server.baseUrl = `http://127.0.0.1:${port}`;
    await waitForServer(server.baseUrl, child, () => log.slice(-4000));
  }, 180_000);

  // test/app/setup.ts resets the adapters after every test.
  beforeEach(() => {
    http.defaults.adapter = 'fetch';
    http.defaults.baseURL = `${server.baseUrl}/api/v1`;
    axios.defaults.adapter = 'fetch';
  });

  afterAll(async () => {
    http.defaults.baseURL = '/api/v1';
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  server.api = async (method, url, body, token) => {
    const res = await fetch(`${server.baseUrl}/api/v1${url}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json().catch(() => ({})) };
  };
  return server;
}

/** An access token of an account of the demo seed (every demo petani and mitra shares its role's password). */
export async function tokenOf(
  server: LiveServer,
  email: string,
  password: string,
  admin = false,
): Promise<string> {
  const route = admin ? '/auth/admin-signin' : '/auth/signin';
  const res = await server.api<{ data: { token: string } }>('POST', route, { email, password });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return res.json.data.token;
}
