import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends, createDatabase, terminateBackends, type TestDatabase } from './support/postgres.js';
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

describe('PostgreSQL connections dropped while the server runs', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    database = await createDatabase();
  });
  beforeEach(async () => {
    server = await startServer({ DATABASE_URL: database.url });
    token = await adminToken(server);
  });
  afterEach(async () => {
    await server?.kill('SIGTERM');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('terminating every backend under load: only 503 envelopes, then normal service, no write lost', async () => {
    const traffic = new Traffic(server.baseUrl, token, MIXED).start(8);
    let terminated = 0;
    let worstRecoveryMs = 0;
    for (let round = 0; round < 3; round++) {
      await waitUntil('successful requests', () => traffic.count('ok') >= 50 * (round + 1), server);
      const since = Date.now();
      terminated += await terminateBackends(database.name);
      const { recoveryMs } = await waitForRecovery(traffic, since, RECOVERY_BOUND_MS);
      worstRecoveryMs = Math.max(worstRecoveryMs, recoveryMs);
    }
    await traffic.stop();
    const lost = lostWrites(traffic.acks, await listCategories(server.baseUrl, token));
    report('terminate all backends under load (3 rounds)', {
      terminated,
      sent: traffic.sent,
      ok: traffic.count('ok'),
      http503: traffic.count('unavailable'),
      http503ByRoute: traffic.byOp('unavailable'),
      other: traffic.failures().length,
      maxRecoveryMs: worstRecoveryMs,
      lostMidRequest: server.linesWith('connection lost during a request'),
      readsRetried: server.linesWith('retrying it once'),
      acknowledgedWrites: traffic.acks.length,
      lostWrites: lost.length,
    });

    expect(terminated).toBeGreaterThan(0);
    expect(server.alive(), server.output()).toBe(true);
    expect(traffic.failures()).toEqual([]);
    expect(worstRecoveryMs).toBeLessThanOrEqual(RECOVERY_BOUND_MS);
    expect(lost).toEqual([]);
  });

  it('terminating only idle pooled connections: the server stays up and the next requests succeed', async () => {
    const warmUp = new Traffic(server.baseUrl, token, MIXED).start(8);
    await waitUntil('successful requests', () => warmUp.count('ok') >= 40, server);
    await warmUp.stop();
    expect((await backends(database.name)).idle).toBeGreaterThan(0);

    const since = Date.now();
    const terminated = await terminateBackends(database.name, { idleOnly: true });
    const traffic = new Traffic(server.baseUrl, token, MIXED).start(4);
    const { recoveryMs } = await waitForRecovery(traffic, since, RECOVERY_BOUND_MS);
    await traffic.stop();
    report('terminate idle connections', {
      terminated,
      sent: traffic.sent,
      ok: traffic.count('ok'),
      http503: traffic.count('unavailable'),
      http503ByRoute: traffic.byOp('unavailable'),
      other: traffic.failures().length,
      recoveryMs,
    });

    expect(terminated).toBeGreaterThan(0);
    expect(server.alive(), server.output()).toBe(true);
    expect(traffic.failures()).toEqual([]);
    expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_BOUND_MS);
  });
});
