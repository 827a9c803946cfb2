/**
 * GET /api/users/me for one signed-in client, sequentially and at 20
 * connections, and beside it, in the same run, a bare Express 5 handler that
 * does the same session and user reads (the same joined statement, prepared,
 * on the app's pool) and answers the user as JSON: the floor the app's CPU
 * per request is held against (at most 1.5 times). `pnpm bench users-me`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createClient, createSessionCookie } from '../apps/api/src/test/factories';
import { httpGet, loadTest, measureLoop, printResult, startBenchEnv } from './lib';

/** Express 5 as the API has it (bench/ has no dependency of its own on it). */
interface BareApp extends RequestListener {
  get: (
    path: string,
    handler: (
      req: IncomingMessage,
      res: ServerResponse & {
        status: (code: number) => { json: (body: unknown) => void };
        json: (body: unknown) => void;
      },
    ) => Promise<void>,
  ) => void;
}
const express = createRequire(new URL('../apps/api/package.json', import.meta.url))(
  'express',
) as () => BareApp;

export default async function main(): Promise<boolean> {
  const env = await startBenchEnv();
  const bare = express();
  const statement = {
    name: 'bare_session_and_user',
    // As the app's statement (decision 441): the therapist profile's standing comes with the user.
    text: `select s.sess, row_to_json(u) as "user", p.is_verified, p.paused_at from session s
           left join users u on u.id = case when s.sess->>'userId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                         then (s.sess->>'userId')::uuid end
           left join provider_profiles p on p.user_id = u.id
           where s.sid = $1 and s.expire >= to_timestamp($2)`,
  };
  bare.get('/me', async (req, res) => {
    const cookie = req.headers.cookie ?? '';
    const raw = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    const sid = raw.slice(2, raw.lastIndexOf('.'));
    const { rows } = await env.database.pool.query({
      ...statement,
      values: [sid, Math.ceil(Date.now() / 1000)],
    });
    const user = rows[0]?.user as { id: string; name: string; email: string; type: string };
    if (!user) return void res.status(401).json({ message: 'Inte inloggad', status: 401 });
    res.json({ id: user.id, name: user.name, email: user.email, type: user.type });
  });
  const server = createServer(bare);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const bareUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const client = await createClient(env);
    const { header } = await createSessionCookie(env, client);
    const sequential = await measureLoop(() => httpGet(env, '/api/users/me', header), {
      iterations: 200,
    });
    printResult('GET /api/users/me, one at a time', sequential);
    const load = await loadTest(env, { path: '/api/users/me', cookie: header, duration: 5 });
    const ok = printResult('GET /api/users/me, 20 connections', load);
    const floor = await loadTest(
      { baseUrl: bareUrl, seedPool: env.seedPool },
      { path: '/me', cookie: header, duration: 5 },
    );
    printResult('bare Express 5 handler, the same session and user reads, 20 connections', floor);
    const total = (s: typeof load) => (s.cpu?.app ?? NaN) + (s.cpu?.Postgres ?? NaN);
    console.log(
      `CPU per request (app + Postgres): the app ${total(load).toFixed(2)} ms, the bare handler ${total(floor).toFixed(2)} ms: ${(total(load) / total(floor)).toFixed(2)} times`,
    );
    return ok && floor.non2xx === 0;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await env.stop();
  }
}
