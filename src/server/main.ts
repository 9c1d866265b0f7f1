import { fork } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.js';
import { superviseWorkers } from './cluster.js';
import { ConfigError, DEMO_ADMIN, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/engine/client.js';
import { migrationsPending } from './db/engine/pending-migrations.js';
import { seedDatabase } from './db/seed/index.js';
import { startMeasuringUnmeasuredLahan } from './modules/lahan/backfill.js';
import { scheduleContractStarts } from './modules/contracts/actions.js';
import { scheduleOverdueNotices } from './modules/settlement/overdue.js';
import { markStartup, reportStartup } from './startup-timing.js';

markStartup('modules');

/** Set on the child process that prepares a new embedded database (see `main`). */
const SET_UP_ONLY = 'TANIMITRA_SET_UP_ONLY';
/** How long a shutdown waits for open requests before it closes their connections. */
const SHUTDOWN_GRACE_MS = 5_000;

/**
 * One process serves the API, except with `WORKERS=N` on PostgreSQL: then this primary migrates and seeds
 * once and `superviseWorkers` runs N serving workers. A new embedded database (DATA_DIR without data yet),
 * or one with a migration pending, is created or migrated, and seeded, by a child process first: the
 * WebAssembly heap PGlite grows for that never shrinks, and leaves with the child, so the serving process
 * starts as light as on any restart.
 */
async function main() {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, { setUp: false });
  // Loads node-forge only when there is an operator's PKCS#12 to open.
  if (config.signingP12) (await import('./modules/contracts/pdf-signing-key.js')).checkSigningP12(config);
  if (process.env[SET_UP_ONLY] === '1') {
    await setUp(config, logger(config));
    process.exit(0);
  }
  if (config.databaseUrl && config.workers > 1) {
    const log = logger(config);
    const seeded = await setUp(config, log);
    log.info(`Starting ${config.workers} API workers`);
    announceDemoAdmin(config, log, seeded);
    superviseWorkers(config.workers, log);
    return;
  }
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'PG_VERSION'))) await setUpInChild();
  await serve(config, { setUp: true });
}

/** Migrates and seeds on a connection of its own. Returns whether demo data was added. */
async function setUp(config: Config, log: FastifyBaseLogger): Promise<boolean> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  database.log = log;
  try {
    await database.migrate();
    return await seedDatabase(database.db, config, log);
  } finally {
    await database.close();
  }
}

async function setUpInChild(): Promise<void> {
  const child = fork(process.argv[1]!, process.argv.slice(2), {
    env: { ...process.env, [SET_UP_ONLY]: '1' },
    stdio: 'inherit',
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`Preparing the embedded database failed (exit code ${code})`);
}

/** Builds the app and listens; `setUp` migrates and seeds first (not in a worker: its primary did). */
async function serve(config: Config, { setUp }: { setUp: boolean }) {
  let database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  markStartup('open');
  if (setUp && database.kind === 'pglite' && (await migrationsPending(database.db))) {
    // A migration may build indexes over every row; the heap it grows would stay with the serving process.
    await database.close();
    await setUpInChild();
    database = await openDatabase({ dataDir: config.dataDir });
  }
  if (setUp) await database.migrate();
  markStartup('migrate');
  const app = await buildApp({ config, db: database.db });
  markStartup('app');
  database.log = app.log;
  const seeded = setUp ? await seedDatabase(database.db, config, app.log) : false;
  markStartup('seed');

  // Approved contracts start on their start date, and the parties of a payment fallen overdue are told (every
  // process runs both; each start is taken once, each overdue payment told once).
  const stopContractStarts = config.autoStartContracts
    ? scheduleContractStarts(database.db, app.log)
    : () => {};
  const stopOverdueNotices = config.autoStartContracts
    ? scheduleOverdueNotices(database.db, app.log)
    : () => {};

  // Notifications by email/WhatsApp: pg-boss and the senders load only when a channel is configured.
  const stopDelivery =
    config.email || config.whatsapp
      ? await (
          await import('./modules/notifications/delivery/run.js')
        ).startDelivery(database.db, config, app.log)
      : async () => {};

  let stopMeasuring = () => {};
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    stopContractStarts();
    stopOverdueNotices();
    stopMeasuring();
    await stopDelivery();
    // In-flight requests may finish; a connection that holds no request (opened, nothing sent yet) would hold
    // the close until its headers timeout, so whatever is still open after the grace period is cut.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  markStartup('listen');
  stopMeasuring = startMeasuringUnmeasuredLahan(database.db, app.log);
  reportStartup();
  if (database.kind === 'pglite') {
    app.log.info(`TaniMitra is running at ${address} (embedded database in ${config.dataDir}, one process)`);
    if (config.workers > 1) {
      app.log.warn(`WORKERS=${config.workers} ignored: the embedded database serves from one process`);
    }
  } else {
    const where = cluster.isWorker ? `PostgreSQL, worker ${process.pid}` : 'PostgreSQL';
    app.log.info(`TaniMitra is running at ${address} (${where})`);
  }
  app.log.info(`API docs at ${address}/api/docs`);
  if (setUp) announceDemoAdmin(config, app.log, seeded);
}

function announceDemoAdmin(config: Config, log: FastifyBaseLogger, seeded: boolean) {
  if (
    config.seed === 'demo' &&
    config.adminEmail === DEMO_ADMIN.email &&
    config.adminPassword === DEMO_ADMIN.password
  ) {
    log.info(
      `Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}${seeded ? ' (demo data seeded)' : ''}`,
    );
  }
}

/** The server's own log format, for the processes that build no app (the primary, the set-up child). */
const logger = (config: Config) => Fastify({ logger: { level: config.logLevel } }).log;

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
