/**
 * GET /api/users/me for one signed-in client, sequentially and at 20
 * connections, and beside it, in the same run, a bare Express 5 handler that
 * does the same session and user reads and answers the user as JSON: the
 * floor the app's CPU per request is held against (at most 1.5 times).
 * The same reads: the session cookie parsed and its signature checked (with
 * the `cookie` and `cookie-signature` Express itself uses), then the same
 * joined statement, prepared, on the app's pool. `pnpm bench users-me`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { apiErrorFor } from '../packages/contracts/src/index';
import { sessionCookieName } from '../apps/api/src/lib/session';
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
const apiRequire = createRequire(new URL('../apps/api/package.json', import.meta.url));
const express = apiRequire('express') as () => BareApp;
/** Express's own dependencies, as it resolves them. */
const expressRequire = createRequire(apiRequire.resolve('express'));
const cookie = expressRequire('cookie') as {
  parse: (header: string) => Record<string, string | undefined>;
};
const signature = expressRequire('cookie-signature') as {
  unsign: (value: string, secret: string) => string | false;
};

/** The app's CPU per request (app + Postgres) at most this many times the bare handler's. */
const MAX_TIMES_THE_FLOOR = 1.5;

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
  const cookieName = sessionCookieName(env.config);
  // The app's own 401 answer (the contracts' error catalogue).
  const unauthenticated = apiErrorFor('UNAUTHENTICATED');
  bare.get('/me', async (req, res) => {
    const raw = cookie.parse(req.headers.cookie ?? '')[cookieName];
    const sid = raw?.startsWith('s:')
      ? signature.unsign(raw.slice(2), env.config.sessionSecret)
      : false;
    if (sid === false) return void res.status(401).json(unauthenticated);
    const { rows } = await env.database.pool.query({
      ...statement,
      values: [sid, Math.ceil(Date.now() / 1000)],
    });
    const user = rows[0]?.user as { id: string; name: string; email: string; type: string };
    if (!user) return void res.status(401).json(unauthenticated);
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
    const times = total(load) / total(floor);
    const held = times <= MAX_TIMES_THE_FLOOR;
    console.log(
      `CPU per request (app + Postgres): the app ${total(load).toFixed(2)} ms, the bare handler ${total(floor).toFixed(2)} ms: ${times.toFixed(2)} times  budget <= ${MAX_TIMES_THE_FLOOR} times: ${held ? 'OK' : 'OVER'}`,
    );
    return ok && floor.non2xx === 0 && held;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await env.stop();
  }
}
