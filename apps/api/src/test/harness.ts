import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type DbHandle } from '@samtalsmatch/db';
import { createApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createLogger } from '../lib/logger';
import { TEMPLATE_DB, withDatabase } from './template';



/** A database of its own for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestServer {
  baseUrl: string;
  config: Config;
  database: DbHandle;
  close: () => Promise<void>;
}

/** The real app on 127.0.0.1 and a free port, over its own fresh database. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const testDb = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
    DATABASE_URL: testDb.url,
  });
  const database = createDb(testDb.url, { max: 5 });
  const app = createApp({ config, database, logger: createLogger('silent') });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    database,
    close: async () => {
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

  async request(
    method: string,
    path: string,
    body?: unknown,
    options: { headers?: Record<string, string>; csrf?: boolean | string } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const safe = ['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (!safe && options.csrf !== false) {
      headers['x-csrf-token'] =
        typeof options.csrf === 'string' ? options.csrf : await this.csrfToken();
    }
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      redirect: 'manual',
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
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
  post(path: string, body: unknown = {}, options?: { headers?: Record<string, string>; csrf?: boolean | string }) {
    return this.request('POST', path, body, options);
  }
  patch(path: string, body: unknown = {}, options?: { headers?: Record<string, string>; csrf?: boolean | string }) {
    return this.request('PATCH', path, body, options);
  }
  delete(path: string, options?: { headers?: Record<string, string>; csrf?: boolean | string }) {
    return this.request('DELETE', path, undefined, options);
  }
}
