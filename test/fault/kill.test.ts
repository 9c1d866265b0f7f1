import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './support/postgres.js';
import { adminToken, startServer } from './support/server.js';
import { listCategories, lostWrites, report, Traffic, waitUntil, WRITES } from './support/traffic.js';

/**
 * `kill -9` while eight clients create categories through the admin API, then a restart on the same data:
 * every write the API acknowledged with 201 must be there. Writes in flight at the kill may or may not be.
 */
async function killDuringWrites(label: string, env: { DATABASE_URL?: string; DATA_DIR?: string }) {
  let server = await startServer(env);
  const traffic = new Traffic(server.baseUrl, await adminToken(server), WRITES).start(8);
  await waitUntil('acknowledged writes', () => traffic.acks.length >= 150, server);
  await server.kill('SIGKILL');
  await traffic.stop();

  server = await startServer(env);
  try {
    const found = await listCategories(server.baseUrl, await adminToken(server));
    const lost = lostWrites(traffic.acks, found);
    report(`kill -9 during writes on ${label}`, {
      sent: traffic.sent,
      acknowledged: traffic.acks.length,
      found: found.size,
      committedWithoutAnswer: found.size - (traffic.acks.length - lost.length),
      lost: lost.length,
    });
    expect(traffic.acks.length).toBeGreaterThanOrEqual(150);
    expect(lost).toEqual([]);
  } finally {
    await server.kill('SIGTERM');
  }
}

describe('kill -9 during a burst of writes, then a restart on the same data', () => {
  it('PostgreSQL keeps every acknowledged write', async () => {
    const database = await createDatabase();
    try {
      await killDuringWrites('PostgreSQL', { DATABASE_URL: database.url });
    } finally {
      await database.drop();
    }
  });

  it('PGlite (embedded, DATA_DIR) keeps every acknowledged write', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tanimitra-fault-'));
    try {
      await killDuringWrites('PGlite', { DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
