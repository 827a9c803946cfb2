import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; body?: unknown } | (() => Promise<never>);
type Handler = (call: Call) => Reply | Promise<Reply>;

export function json(body: unknown, status = 200): Reply {
  return { status, body };
}

/**
 * Replaces fetch: `routes` maps 'METHOD /path' (path after /api, query
 * included) to a reply. The CSRF token and the public configuration answer
 * by default; anything else unmatched is a 404. Returns the calls made.
 */
export function mockFetch(routes: Record<string, Reply | Handler> = {}) {
  const calls: Call[] = [];
  const defaults: Record<string, Reply> = {
    'GET /csrf-token': json({ csrfToken: 'csrf-1' }),
    'GET /public-config': json({
      companyName: 'Samtalsmatch AB',
      companyOrgNumber: '559000-0000',
      contactEmail: 'hej@samtalsmatch.se',
      analyticsScriptUrl: null,
    }),
    'GET /users/me': json({ message: 'Du är inte inloggad.', status: 401 }, 401),
  };
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = `${url.pathname.replace(/^\/api/, '')}${url.search}`;
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>),
    );
    let body: unknown = undefined;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call = { method, path, body, headers };
    calls.push(call);
    const key = `${method} ${path}`;
    const entry = routes[key] ?? defaults[key];
    let reply: Reply = entry
      ? typeof entry === 'function'
        ? await (entry as Handler)(call)
        : entry
      : json({ message: 'Hittades inte.', status: 404 }, 404);
    if (typeof reply === 'function') reply = await reply();
    const { status = 200, body: replyBody } = reply as { status?: number; body?: unknown };
    return new Response(replyBody === undefined ? null : JSON.stringify(replyBody), {
      status,
      statusText: status === 200 ? 'OK' : 'Error',
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    calls,
    spy,
    find: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path),
  };
}
