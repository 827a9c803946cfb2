import path from 'node:path';
import { createDb, REPO_ROOT, runMigrations } from '@samtalsmatch/db';
import {
  DataDirInUseError,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '@samtalsmatch/db/embedded';
import { seedDatabase } from '@samtalsmatch/db/seed';
import { createApp, videoSignallingOf } from './app';
import { loadConfig } from './config';
import { startBackgroundJobs } from './background';
import { closeConnectionsWhile } from './lib/drain';
import { recommendForAnsweredClients } from './modules/matching/matching.service';
import { createLogger, logDestination } from './lib/logger';

const config = loadConfig();
// Readable lines in a terminal, JSON lines for machines (pipes, files, collectors).
const logger = createLogger(config.logLevel, logDestination(Boolean(process.stdout.isTTY)));

async function main() {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dataDir = path.resolve(REPO_ROOT, config.dataDir, 'postgres');
    logger.info({ dataDir }, 'DATABASE_URL is not set: starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({ dataDir });
    databaseUrl = embedded.url;
  }

  const database = createDb(databaseUrl);
  await runMigrations(database.pool);
  const seeded = await seedDatabase(database, { demoData: config.seedDemoData });
  // The demo data comes with the answered client's recommendations, as saved answers would.
  const recommended = seeded.demo === 'seeded' ? await recommendForAnsweredClients(database.db) : 0;
  logger.info({ ...seeded, recommended }, 'database ready');

  const app = createApp({ config, database, logger });
  const server = app.listen(config.port, config.host, () => {
    const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
    logger.info(
      `Samtalsmatch answers on http://${shown}:${config.port} (public URL ${config.publicUrl})`,
    );
  });
  server.keepAliveTimeout = 65_000;
  const signalling = videoSignallingOf(app);
  server.on('upgrade', signalling.handleUpgrade);
  const jobs = startBackgroundJobs(config, database.db, logger);

  let stopping = false;
  closeConnectionsWhile(server, () => stopping);
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    embedded?.stopping();
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      try {
        await jobs.stop();
        await signalling.close();
        await database.close();
        await embedded?.stop();
      } finally {
        process.exit(0);
      }
    });
    // No new connections; the idle kept-alive ones close now, and those still
    // carrying a request as soon as its answer is sent (server.close alone
    // waits for their clients, past the forced exit that would cut them).
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // Started by `pnpm start` (scripts/start.mjs, over an IPC channel): when that
  // wrapper is gone (killed with SIGKILL), stop as on SIGTERM rather than run on
  // unseen with the embedded PostgreSQL (decision 421).
  if (process.channel) process.once('disconnect', () => shutdown('start command gone'));
}

main().catch((err: unknown) => {
  if (err instanceof DataDirInUseError) {
    // Say why and what to do, not only "failed to start": a second start on the same data folder is a common slip.
    logger.fatal({ dataDir: err.dataDir, pid: err.pid }, err.message);
  } else {
    logger.fatal({ err }, 'failed to start');
  }
  process.exit(1);
});
