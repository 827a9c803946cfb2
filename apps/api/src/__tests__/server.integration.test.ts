import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@samtalsmatch/db/embedded';
import { createTestDatabase } from '../test/harness';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function waitForHealth(url: string, child: ChildProcess): Promise<Response> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
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
