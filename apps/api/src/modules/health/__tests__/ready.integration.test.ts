import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@samtalsmatch/db';
import { createApp } from '../../../app';
import { loadConfig } from '../../../config';
import { createLogger } from '../../../lib/logger';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('GET /api/ready', () => {
  it('answers 200 when the database answers and its schema is at the latest migration', async () => {
    const res = await fetch(`${server.baseUrl}/api/ready`, { headers: { host: '10.0.0.5:3000' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', schema: 'current' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 while the latest migration has not been applied', async () => {
    const { pool } = server.database;
    const latest = await pool.query<{ id: number; hash: string; created_at: string }>(
      'select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const row = latest.rows[0]!;
    await pool.query('delete from drizzle.__drizzle_migrations where id = $1', [row.id]);
    try {
      const res = await fetch(`${server.baseUrl}/api/ready`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { database: string; message: string };
      expect(body.database).toBe('behind');
      expect(body.message).toBe('Tjänsten är inte tillgänglig just nu.');
      // Liveness is another question: the process and the database are up.
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      await pool.query(
        'insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)',
        [row.id, row.hash, row.created_at],
      );
    }
    expect((await fetch(`${server.baseUrl}/api/ready`)).status).toBe(200);
  });

  it('answers 503 when the database does not answer', async () => {
    // A port nothing listens on: the pool cannot connect.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const deadPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const url = `postgres://nobody:nothing@127.0.0.1:${deadPort}/none`;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST_DIR: '/nonexistent',
      DATABASE_URL: url,
    });
    const database = createDb(url, { max: 1 });
    const http = createServer(createApp({ config, database, logger: createLogger('silent') }));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = http.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { database: string }).database).toBe('unreachable');
    } finally {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await database.close();
    }
  });
});
