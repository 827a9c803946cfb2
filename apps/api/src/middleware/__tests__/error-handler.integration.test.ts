import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { MSG } from '@samtalsmatch/contracts';
import { startTestServer, type TestServer } from '../../test/harness';
import { errorHandler } from '../error-handler';

let server: TestServer;
let http: Server;
let base: string;

/**
 * A tiny app whose one route locks two rows in the order the request names:
 * two requests in opposite orders deadlock in the real Postgres, which ends
 * one of the transactions (40P01).
 */
beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  await db.execute(sql`create table lock_pair (id int primary key, n int not null)`);
  await db.execute(sql`insert into lock_pair values (1, 0), (2, 0)`);
  const app = express();
  let arrived = 0;
  let bothArrived!: () => void;
  const rendezvous = new Promise<void>((resolve) => (bothArrived = resolve));
  app.post('/lock/:first/:second', async (req, res, next) => {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`update lock_pair set n = n + 1 where id = ${Number(req.params.first)}`,
        );
        if (++arrived === 2) bothArrived();
        await rendezvous;
        await tx.execute(
          sql`update lock_pair set n = n + 1 where id = ${Number(req.params.second)}`,
        );
      });
      res.json({ ok: true });
    } catch (err) {
      next(err);
    }
  });
  app.use(errorHandler);
  http = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => http.once('listening', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
  await server.close();
});

describe('errorHandler and a transaction that lost a race', () => {
  it('answers a deadlock with a Swedish 409 (never a 500) and keeps nothing of the lost transaction', async () => {
    const answers = await Promise.all(
      ['/lock/1/2', '/lock/2/1'].map(async (path) => {
        const res = await fetch(`${base}${path}`, { method: 'POST' });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      }),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toEqual({
      status: 409,
      code: 'STATE_CONFLICT',
      message: MSG.changedMeanwhile,
    });
    const rows = await server.database.db.execute<{ id: number; n: number }>(
      sql`select id, n from lock_pair order by id`,
    );
    // The winner updated both rows once; the loser's first update was rolled back.
    expect(rows.rows.map((r) => r.n)).toEqual([1, 1]);
  });
});
