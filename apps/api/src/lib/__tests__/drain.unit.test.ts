import { Agent, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { closeConnectionsWhile } from '../drain';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

function get(port: number, agent: Agent) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/now', agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('closeConnectionsWhile', () => {
  it('answers a synchronous route with connection: close while draining, and keeps the connection otherwise', async () => {
    const app = express();
    // Answered synchronously, as GET /api/public-config is.
    app.get('/now', (_req, res) => {
      res.json({ ok: true });
    });
    let draining = false;
    const errors: unknown[] = [];
    const onUncaught = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server!.once('listening', resolve));
      closeConnectionsWhile(server, () => draining);
      const { port } = server.address() as AddressInfo;
      const agent = new Agent({ keepAlive: true });

      const before = await get(port, agent);
      expect(before).toMatchObject({ status: 200, connection: 'keep-alive' });

      draining = true;
      const during = await get(port, agent);
      expect(during).toMatchObject({ status: 200, connection: 'close', body: '{"ok":true}' });
      agent.destroy();
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(errors).toEqual([]);
  });
});
