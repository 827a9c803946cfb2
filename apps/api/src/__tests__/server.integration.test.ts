import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@samtalsmatch/db/embedded';
import { createTestDatabase } from '../test/harness';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const START_SCRIPT = path.resolve(API_DIR, '..', '..', 'scripts', 'start.mjs');

async function waitForHealth(
  url: string,
  child: ChildProcess,
  detail: () => string = () => '',
): Promise<Response> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}${detail()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The real entry point (server.ts) as a process: start on DATABASE_URL, answer, stop on SIGTERM. */
describe('the server process', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('uses DATABASE_URL, answers /api/health and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: db.url,
        HOST: '127.0.0.1',
        PORT: String(port),
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit');
    try {
      const res = await waitForHealth(`http://127.0.0.1:${port}/api/health`, child);
      expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
      // It used the given database: no embedded PostgreSQL was started.
      expect(output).not.toMatch(/starting embedded PostgreSQL/);
    } finally {
      child.kill('SIGTERM');
    }
    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(output).toMatch(/"msg":"shutting down"/);
  }, 60_000);

  it('a fresh start with the demo data gives the answered demo client their recommendations', async () => {
    const fresh = await createTestDatabase();
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: fresh.url,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const exited = once(child, 'exit');
    const client = new pg.Client({ connectionString: fresh.url });
    try {
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, child);
      await client.connect();
      const { rows } = await client.query<{ email: string; recommended: number }>(
        `select u.email, count(m.id)::int as recommended from users u
         left join matches m on m.client_id = u.id and m.status = 'PENDING'
         where u.type = 'CLIENT' group by u.email order by u.email`,
      );
      // The client who has answered is recommended therapists at once; the new one is not.
      expect(
        rows.find((r) => r.email === 'klient.ett@samtalsmatch.example')?.recommended,
      ).toBeGreaterThan(0);
      expect(rows.find((r) => r.email === 'klient.tva@samtalsmatch.example')?.recommended).toBe(0);
    } finally {
      await client.end().catch(() => undefined);
      child.kill('SIGTERM');
      await exited;
      await fresh.drop();
    }
  }, 120_000);

  it('a second start on a data folder in use says by which process and what to do', async () => {
    // The folder as a running embedded PostgreSQL leaves it: initialised, with a live postmaster.pid.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'samtalsmatch-data-'));
    const cluster = path.join(dataDir, 'postgres', 'cluster');
    await mkdir(cluster, { recursive: true });
    await writeFile(path.join(cluster, 'PG_VERSION'), '18\n');
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
    });
    await writeFile(
      path.join(cluster, 'postmaster.pid'),
      `${holder.pid}\n${cluster}\n1700000000\n5432\n\n127.0.0.1\n`,
    );
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: API_DIR,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DATABASE_URL: '',
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: String(await freePort()),
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(1);
      expect(output).toContain(`in use by PostgreSQL process ${holder.pid}`);
      expect(output).toContain(`kill ${holder.pid}`);
      expect(output).toContain('DATA_DIR=');
      expect(output).not.toMatch(/"msg":"failed to start"/);
    } finally {
      holder.kill('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** Whether a process is there (kill 0; EPERM: there, another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The pid in the cluster's postmaster.pid, or undefined. */
async function postmasterPid(dataDir: string): Promise<number | undefined> {
  try {
    const text = await readFile(
      path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid'),
      'utf8',
    );
    return Number(text.split('\n')[0]);
  } catch {
    return undefined;
  }
}

/**
 * Starts the server on the embedded PostgreSQL in `dataDir`: as `pnpm start`
 * runs it (scripts/start.mjs's wrapper around the server, from source here)
 * or the server process alone. Its output is collected.
 */
function startOn(dataDir: string, port: number, how: 'start command' | 'server alone') {
  const server = [process.execPath, ['--import', 'tsx', 'src/server.ts']] as const;
  const child =
    how === 'server alone'
      ? spawn(server[0], [...server[1]], { cwd: API_DIR, env: envFor(dataDir, port) })
      : spawn(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `const { runServer } = await import(${JSON.stringify(START_SCRIPT)});
             runServer(${JSON.stringify(server[0])}, ${JSON.stringify(server[1])}, { cwd: ${JSON.stringify(API_DIR)} });`,
          ],
          { cwd: API_DIR, env: envFor(dataDir, port), stdio: ['ignore', 'pipe', 'pipe'] },
        );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, exited, output: () => output };
}

function envFor(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
  };
}

/**
 * `kill -9` of a start: the next start on the same folder starts (the
 * embedded PostgreSQL left behind is stopped cleanly, or its owner stops
 * it), and a second live copy is still refused.
 */
describe('a start after a crash, on the same data folder', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'samtalsmatch-crash-'));
    // Run as root, PostgreSQL runs as the postgres user: it must reach its folder.
    await chmod(dataDir, 0o755);
  });
  afterAll(async () => {
    // Whatever a failed test left running on the folder.
    const pid = await postmasterPid(dataDir);
    if (pid !== undefined && alive(pid)) process.kill(pid, 'SIGINT');
    if (pid !== undefined) await until(() => !alive(pid), 'PostgreSQL stopped');
    await rm(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('the server killed with SIGKILL: its orphaned PostgreSQL is stopped and the next start answers; a second live copy is refused', async () => {
    const port = await freePort();
    const first = startOn(dataDir, port, 'server alone');
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, first.child, first.output);
    const orphan = (await postmasterPid(dataDir))!;
    first.child.kill('SIGKILL');
    await first.exited;
    // PostgreSQL outlived its parent: this is what blocked the next start.
    expect(alive(orphan)).toBe(true);

    const second = startOn(dataDir, port, 'server alone');
    try {
      const res = await waitForHealth(
        `http://127.0.0.1:${port}/api/health`,
        second.child,
        second.output,
      );
      expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
      expect(alive(orphan)).toBe(false);
      const running = (await postmasterPid(dataDir))!;
      expect(running).not.toBe(orphan);

      // A copy that is alive keeps its folder: today's refusal, naming its PostgreSQL.
      const third = startOn(dataDir, await freePort(), 'server alone');
      const [code] = await third.exited;
      expect(code).toBe(1);
      expect(third.output()).toContain(`in use by PostgreSQL process ${running}`);
      expect(alive(running)).toBe(true);
    } finally {
      second.child.kill('SIGTERM');
    }
    expect(await second.exited).toEqual([0, null]);
    expect(await postmasterPid(dataDir)).toBeUndefined();
  }, 120_000);

  it('the start command killed with SIGKILL: the server stops with it, and the same command starts again at once', async () => {
    const port = await freePort();
    const first = startOn(dataDir, port, 'start command');
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, first.child, first.output);
    const before = (await postmasterPid(dataDir))!;
    first.child.kill('SIGKILL');
    await first.exited;

    const again = startOn(dataDir, port, 'start command');
    try {
      const res = await waitForHealth(
        `http://127.0.0.1:${port}/api/health`,
        again.child,
        again.output,
      );
      expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
      expect(alive(before)).toBe(false);
      expect(again.output()).not.toContain('in use by PostgreSQL process');
    } finally {
      again.child.kill('SIGTERM');
    }
    expect(await again.exited).toEqual([0, null]);
    await until(async () => (await postmasterPid(dataDir)) === undefined, 'PostgreSQL stopped');
  }, 120_000);
});
