import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { createDatabase, postgresCluster, waitForPostgres, type TestDatabase } from './support/postgres.js';
import { adminToken, startServer, type ServerProcess } from './support/server.js';
import {
  listCategories,
  lostWrites,
  MIXED,
  RECOVERY_BOUND_MS,
  report,
  Traffic,
  waitForRecovery,
  waitUntil,
} from './support/traffic.js';

/** Stops and starts the whole PostgreSQL cluster (CI only: see vitest.fault.config.ts). */
describe('a PostgreSQL restart while the server runs', () => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createDatabase();
    server = await startServer({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await server?.kill('SIGTERM');
    await waitForPostgres();
    await database?.drop();
  });

  it('answers 503 (health: degraded) while PostgreSQL is down, and serves again once it is back', async () => {
    const token = await adminToken(server);
    const traffic = new Traffic(server.baseUrl, token, MIXED).start(8);
    await waitUntil('successful requests', () => traffic.count('ok') >= 50, server);

    const down = Date.now();
    let health: Response;
    try {
      postgresCluster('stop');
      await waitUntil('503 answers', () => traffic.count('unavailable', down) >= 10, server);
      health = await fetch(`${server.baseUrl}/api/v1/health`);
    } finally {
      postgresCluster('start');
    }
    await waitForPostgres();
    const up = Date.now();
    const { recoveryMs } = await waitForRecovery(traffic, up, RECOVERY_BOUND_MS);
    await traffic.stop();
    const lost = lostWrites(traffic.acks, await listCategories(server.baseUrl, token));
    report('PostgreSQL stop + start under load', {
      outageMs: up - down,
      sent: traffic.sent,
      ok: traffic.count('ok'),
      http503: traffic.count('unavailable'),
      http503ByRoute: traffic.byOp('unavailable'),
      other: traffic.failures().length,
      recoveryMsAfterPostgresUp: recoveryMs,
      acknowledgedWrites: traffic.acks.length,
      lostWrites: lost.length,
    });

    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await health.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: MESSAGES.databaseUnavailable,
      data: { status: 'degraded', database: 'unreachable' },
    });
    expect(server.alive(), server.output()).toBe(true);
    expect(traffic.failures()).toEqual([]);
    expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_BOUND_MS);
    expect(lost).toEqual([]);
    const after = await fetch(`${server.baseUrl}/api/v1/health`);
    expect(after.status).toBe(200);
  });
});
