import { buildApp } from './app.js';
import { ConfigError, DEMO_ADMIN, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDatabase } from './db/seed/index.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, db: database.db });
  database.log = app.log;
  const seeded = await seedDatabase(database.db, config, app.log);

  const close = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  app.log.info(`TaniMitra is running at ${address} (${where}); API docs at ${address}/api/docs`);
  if (
    config.seed === 'demo' &&
    config.adminEmail === DEMO_ADMIN.email &&
    config.adminPassword === DEMO_ADMIN.password
  ) {
    app.log.info(
      `Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}${seeded ? ' (demo data seeded)' : ''}`,
    );
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
