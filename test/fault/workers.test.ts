import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/server/config.js';
import { createDatabase, type TestDatabase } from './support/postgres.js';
import { startServer, type ServerProcess } from './support/server.js';
import { waitUntil } from './support/traffic.js';

/** A worker starts through tsx (compiling the server's modules) on a machine the other tests keep busy. */
const WORKER_START_MS = 90_000;

interface Answer {
  status: number;
  body: { code?: string; data?: Record<string, string>; pagination?: { total: number } };
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One request on a connection of its own: the cluster hands each new connection to the next worker, so
 * requests sent one after another alternate between the two.
 */
function send(
  server: ServerProcess,
  method: string,
  path: string,
  body?: object,
  token?: string,
  headers: Record<string, string> = {},
) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      `${server.baseUrl}${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text) as Answer['body'],
            text,
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The pids of the processes that logged receiving a request for `path`, from log line `from` on. */
function servedBy(server: ServerProcess, path: string, from: number): Set<number> {
  const pids = new Set<number>();
  for (const line of server.lines().slice(from)) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { pid: number; msg: string; req?: { url: string } };
    if (entry.msg === 'incoming request' && entry.req?.url.split('?')[0] === path) pids.add(entry.pid);
  }
  return pids;
}

/** The pids of the workers that have said they are listening. */
function workers(server: ServerProcess): number[] {
  return server
    .lines()
    .map((line) => /"TaniMitra is running at .*\(PostgreSQL, worker (\d+)\)"/.exec(line)?.[1])
    .filter((pid) => pid !== undefined)
    .map(Number);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('WORKERS=2 on PostgreSQL: two processes serve one API', () => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createDatabase();
    server = await startServer({ DATABASE_URL: database.url, WORKERS: '2', LOG_LEVEL: 'info' });
    await waitUntil('both workers listening', () => workers(server).length === 2, server, WORKER_START_MS);
  });

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await database?.drop();
  });

  it('hands requests to both workers in turn', async () => {
    const from = server.lines().length;
    for (let i = 0; i < 6; i++) expect((await send(server, 'GET', '/api/v1/health')).status).toBe(200);
    expect([...servedBy(server, '/api/v1/health', from)].sort()).toEqual([...workers(server)].sort());
  });

  it('accepts an access token and a refresh token on the worker that did not sign in', async () => {
    const from = server.lines().length;
    const signIn = await send(server, 'POST', '/api/v1/auth/admin-signin', {
      email: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
    });
    expect(signIn.status).toBe(200);
    let { token, refreshToken } = signIn.body.data!;
    // Three requests a round (two reads, a refresh), so that both kinds reach both workers.
    for (let i = 0; i < 4; i++) {
      for (let read = 0; read < 2; read++) {
        const me = await send(server, 'GET', '/api/v1/user/me', undefined, token);
        expect(me.status).toBe(200);
        expect(me.body.data!.email).toBe(DEMO_ADMIN.email);
      }
      const refreshed = await send(server, 'POST', '/api/v1/auth/refresh-token', { refreshToken });
      expect(refreshed.status).toBe(200);
      ({ token, refreshToken } = refreshed.body.data!);
    }
    expect(servedBy(server, '/api/v1/user/me', from).size).toBe(2);
    expect(servedBy(server, '/api/v1/auth/refresh-token', from).size).toBe(2);
  });

  it('counts sign-in failures of both workers against one limit', async () => {
    const from = server.lines().length;
    const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const statuses: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i < 6; i++) {
      last = await send(server, 'POST', '/api/v1/auth/admin-signin', { email, password: 'wrong-password' });
      statuses.push(last.status);
    }
    // Five guesses at one account from one address are allowed (MAX_FAILURES_PER_ACCOUNT_AND_IP), three on each worker.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(last!.body.code).toBe('RATE_LIMITED');
    expect(servedBy(server, '/api/v1/auth/admin-signin', from).size).toBe(2);
  });

  it('runs a write sent ten times at once with one Idempotency-Key once, on whichever worker, with ten identical answers', async () => {
    const signIn = await send(server, 'POST', '/api/v1/auth/admin-signin', {
      email: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
    });
    const token = signIn.body.data!.token;
    const typeName = `Kategori Sekali ${randomBytes(4).toString('hex')}`;
    const key = `uji-${randomBytes(8).toString('hex')}`;
    const from = server.lines().length;

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(server, 'POST', '/api/v1/admin/category', { type_name: typeName, description: 'Uji' }, token, {
          'idempotency-key': key,
        }),
      ),
    );

    for (const answer of answers) expect([answer.status, answer.text]).toEqual([201, answers[0]!.text]);
    expect(answers.filter((a) => a.headers['idempotency-replayed'] === 'true')).toHaveLength(9);
    expect(servedBy(server, '/api/v1/admin/category', from).size).toBe(2);
    const id = answers[0]!.body.data!.id;
    const listed = await send(
      server,
      'GET',
      `/api/v1/admin/category?q=${encodeURIComponent(typeName)}`,
      undefined,
      token,
    );
    expect(listed.body.pagination!.total).toBe(1);
    const audit = await send(
      server,
      'GET',
      `/api/v1/admin/audit?resource=category&resource_id=${id}`,
      undefined,
      token,
    );
    expect(audit.body.pagination!.total).toBe(1);
  });

  it('replaces a worker that is killed, and keeps answering', async () => {
    const [victim, survivor] = workers(server);
    process.kill(victim!, 'SIGKILL');
    await waitUntil('a new worker', () => workers(server).length === 3, server, WORKER_START_MS);
    const replacement = workers(server)[2]!;
    expect(server.linesWith(`worker ${victim} exited (SIGKILL); starting another`)).toBe(1);

    const from = server.lines().length;
    for (let i = 0; i < 6; i++) expect((await send(server, 'GET', '/api/v1/health')).status).toBe(200);
    expect([...servedBy(server, '/api/v1/health', from)].sort()).toEqual([survivor, replacement].sort());
  });

  it('waits longer before each new worker while new workers keep dying young', async () => {
    const delays: number[] = [];
    for (let death = 0; death < 3; death++) {
      const all = workers(server);
      const youngest = all[all.length - 1]!;
      process.kill(youngest, 'SIGKILL');
      const exited = `"worker ${youngest} exited (SIGKILL); starting another`;
      await waitUntil(
        'its replacement',
        () => workers(server).length === all.length + 1,
        server,
        WORKER_START_MS,
      );
      const line = server.lines().find((l) => l.includes(exited))!;
      delays.push(Number(/ in (\d+) ms"/.exec(line)?.[1] ?? 0));
    }
    // Each worker killed within seconds of listening: a crash loop, answered with a doubling delay.
    expect(delays[2]).toBeGreaterThan(0);
    expect(delays[1]! * 2).toBe(delays[2]);
    expect((await send(server, 'GET', '/api/v1/health')).status).toBe(200);
  });

  it('stops every worker on SIGTERM', async () => {
    const running = workers(server).filter(alive);
    expect(running).toHaveLength(2);
    await server.kill('SIGTERM');
    expect(server.linesWith('SIGTERM received, stopping 2 workers')).toBe(1);
    expect(server.linesWith('SIGTERM received, shutting down')).toBe(2);
    await waitUntil('the workers to exit', () => !running.some(alive), { ...server, alive: () => true });
  });
});

describe('WORKERS=2 with the embedded database', () => {
  it('serves from one process and warns that WORKERS needs PostgreSQL', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tanimitra-workers-'));
    const server = await startServer({ DATA_DIR: dataDir, WORKERS: '2', LOG_LEVEL: 'info' });
    try {
      const from = server.lines().length;
      for (let i = 0; i < 4; i++) expect((await send(server, 'GET', '/api/v1/health')).status).toBe(200);
      expect(servedBy(server, '/api/v1/health', from).size).toBe(1);
      expect(server.linesWith('(embedded database in')).toBe(1);
      expect(server.linesWith(', one process)')).toBe(1);
      expect(server.linesWith('WORKERS=2 ignored: the embedded database serves from one process')).toBe(1);
    } finally {
      await server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
