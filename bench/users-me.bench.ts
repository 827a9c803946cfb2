/**
 * The smallest example of a benchmark: GET /api/users/me for one signed-in
 * client, sequentially and at 20 connections. `pnpm bench users-me`.
 */
import { createClient, createSessionCookie } from '../apps/api/src/test/factories';
import { httpGet, loadTest, measureLoop, printResult, startBenchEnv } from './lib';

export default async function main(): Promise<boolean> {
  const env = await startBenchEnv();
  try {
    const client = await createClient(env);
    const { header } = await createSessionCookie(env, client);
    const sequential = await measureLoop(() => httpGet(env, '/api/users/me', header), {
      iterations: 200,
    });
    printResult('GET /api/users/me, one at a time', sequential);
    const load = await loadTest(env, { path: '/api/users/me', cookie: header, duration: 5 });
    return printResult('GET /api/users/me, 20 connections', load);
  } finally {
    await env.stop();
  }
}
