import type { AddressInfo } from 'node:net';
import { createServer, request, type RequestOptions, type Server } from 'node:http';
import { createDb, type DbHandle } from '@samtalsmatch/db';
import { createApp, videoSignallingOf } from '../app';
import type { VideoSignalling } from '../modules/video/video.signal';
import { loadConfig, type Config } from '../config';
import { createLogger, type Logger } from '../lib/logger';
import { signInAs } from './factories';
import { createTestDatabase } from './template';

export { createTestDatabase };

/**
 * Rate limits high enough that a test file's many sign-ins from 127.0.0.1 do
 * not trip them; tests of the limits pass their own small values.
 */
export const TEST_DEFAULT_ENV: Record<string, string> = {
  RATE_LIMIT_LOGIN: '1000/1000/60',
  RATE_LIMIT_REGISTER: '1000/1000/60',
  RATE_LIMIT_FORGOT_PASSWORD: '1000/1000/60',
  RATE_LIMIT_RESET_PASSWORD: '1000/1000/60',
  RATE_LIMIT_VERIFY_EMAIL: '1000/1000/60',
  RATE_LIMIT_RESEND_VERIFICATION: '1000/1000/60',
  RATE_LIMIT_CHANGE_EMAIL: '1000/1000/60',
  RATE_LIMIT_CALENDAR_FEED: '1000/1000/60',
  RATE_LIMIT_ANONYMOUS_SESSION: '100000/60',
};

export interface TestServer {
  baseUrl: string;
  config: Config;
  database: DbHandle;
  close: () => Promise<void>;
}

export interface StartTestServerOptions {
  /**
   * Use the server's own address (http://127.0.0.1:<random port>) as
   * PUBLIC_URL, for flows that call back into the server by its public URL
   * (the local BankID test provider and its redirect URI).
   */
  publicUrlIsBaseUrl?: boolean;
  /** A logger to read what the server logged (default: silent). */
  logger?: Logger;
  /** The clock of time-bound rules (bookings); default: the real time. */
  now?: () => Date;
}

/** The real app on 127.0.0.1 and a free port, over its own fresh database. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: StartTestServerOptions = {},
): Promise<TestServer> {
  const testDb = await createTestDatabase();
  // Listen first, so the port is known before the configuration is built.
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port: listeningPort } = server.address() as AddressInfo;
  let config: Config;
  let database: DbHandle;
  let signalling: VideoSignalling;
  try {
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST_DIR: '/nonexistent',
      ...TEST_DEFAULT_ENV,
      ...env,
      ...(options.publicUrlIsBaseUrl ? { PUBLIC_URL: `http://127.0.0.1:${listeningPort}` } : {}),
      DATABASE_URL: testDb.url,
    });
    database = createDb(testDb.url, { max: 5 });
    const app = createApp({
      config,
      database,
      logger: options.logger ?? createLogger('silent'),
      ...(options.now ? { now: options.now } : {}),
    });
    server.on('request', app);
    signalling = videoSignallingOf(app);
    server.on('upgrade', signalling.handleUpgrade);
  } catch (err) {
    server.close();
    await testDb.drop();
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    database,
    close: async () => {
      await signalling.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      await testDb.drop();
    },
  };
}

/**
 * A browser-like HTTP client: keeps cookies, fetches the CSRF token and
 * sends it in `x-csrf-token` on every mutating request.
 */
export class TestClient {
  private cookies = new Map<string, string>();
  private csrf: string | null = null;

  constructor(private readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  getCookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  forgetCsrf() {
    this.csrf = null;
  }

  /** Uses a token fetched by hand (`GET /api/csrf-token`) for the next mutating requests. */
  setCsrf(token: string) {
    this.csrf = token;
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    options: { headers?: Record<string, string>; csrf?: boolean | string } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const safe = ['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (!safe && options.csrf !== false) {
      headers['x-csrf-token'] =
        typeof options.csrf === 'string' ? options.csrf : await this.csrfToken();
    }
    // After the token: fetching it may have set the session cookie.
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const streamed = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      redirect: 'manual',
      ...(body !== undefined
        ? { body: typeof body === 'string' ? body : JSON.stringify(body) }
        : {}),
    });
    // Like a browser, wait for the whole response: express-session stores a
    // changed session before it sends the last byte, not before the headers.
    const bytes = await streamed.arrayBuffer();
    const response = new Response([101, 204, 205, 304].includes(streamed.status) ? null : bytes, {
      status: streamed.status,
      statusText: streamed.statusText,
      headers: streamed.headers,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '')
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async csrfToken(): Promise<string> {
    if (!this.csrf) {
      const res = await this.request('GET', '/api/csrf-token');
      const body = (await res.json()) as { csrfToken: string };
      this.csrf = body.csrfToken;
    }
    return this.csrf;
  }

  get(path: string, options?: { headers?: Record<string, string> }) {
    return this.request('GET', path, undefined, options);
  }
  post(
    path: string,
    body: unknown = {},
    options?: { headers?: Record<string, string>; csrf?: boolean | string },
  ) {
    return this.request('POST', path, body, options);
  }
  patch(
    path: string,
    body: unknown = {},
    options?: { headers?: Record<string, string>; csrf?: boolean | string },
  ) {
    return this.request('PATCH', path, body, options);
  }
  delete(path: string, options?: { headers?: Record<string, string>; csrf?: boolean | string }) {
    return this.request('DELETE', path, undefined, options);
  }
}

/** A new client signed in as `user` through the session store (the factories' signInAs). */
export async function signedInClient(
  server: TestServer,
  user: { id: string; sessionVersion: number },
): Promise<TestClient> {
  const http = new TestClient(server.baseUrl);
  await signInAs(server, http, user);
  return http;
}

/**
 * A request through node:http, which sends what fetch will not: a GET with
 * a body, any Host header. Answers the status and the body as text.
 */
export function rawRequest(
  url: string | URL,
  options: RequestOptions,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
