import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import express from 'express';
import type { Database } from '@samtalsmatch/db';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createLocalOidcProvider, type LocalOidcProviderOptions } from '../local-provider';

/**
 * A browser for the BankID flow over plain HTTP: one cookie jar for every
 * host (like a browser's, ports share cookies), redirects followed by hand.
 */
export class FlowBrowser {
  readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '')
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows redirects until `stop` says so or a non-redirect answer arrives. */
  async follow(
    url: string,
    stop: (url: URL) => boolean = () => false,
    init: RequestInit = {},
  ): Promise<{ url: URL; response?: Response }> {
    let current = new URL(url);
    let request = init;
    for (let hops = 0; hops < 10; hops += 1) {
      if (stop(current)) return { url: current };
      const res = await this.fetch(current.href, request);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location)
        return { url: current, response: res };
      current = new URL(location, current);
      request = {};
    }
    throw new Error('too many redirects');
  }

  /** The express-session id in the session cookie, if any. */
  sessionId(cookieName = 'samtalsmatch.sid'): string | undefined {
    const raw = this.cookies.get(cookieName);
    if (!raw) return undefined;
    const value = decodeURIComponent(raw);
    return value.startsWith('s:') ? value.slice(2, value.lastIndexOf('.')) : undefined;
  }
}

export interface StartOptions {
  role?: 'provider' | 'client';
  acrValues?: string;
}

/** `GET /api/auth/bankid/initiate` → the authorization URL. */
export async function initiate(
  browser: FlowBrowser,
  apiBase: string,
  options: StartOptions = {},
): Promise<URL> {
  const query = new URLSearchParams();
  if (options.role) query.set('role', options.role);
  if (options.acrValues) query.set('acrValues', options.acrValues);
  const res = await browser.fetch(`${apiBase}/api/auth/bankid/initiate?${query}`);
  if (res.status !== 200) throw new Error(`initiate answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { authorizationUrl: string };
  return new URL(body.authorizationUrl);
}

/** Opens the authorization URL and returns the test login page and its form action. */
export async function openLoginPage(
  browser: FlowBrowser,
  authorizationUrl: URL,
): Promise<{ pageUrl: URL; html: string; action: URL }> {
  const { url, response } = await browser.follow(authorizationUrl.href);
  if (!response || response.status !== 200) {
    throw new Error(`login page answered ${response?.status} at ${url.pathname}`);
  }
  const html = await response.text();
  const match = /<form method="post" action="([^"]+)\/login"/.exec(html);
  if (!match) throw new Error('no login form on the page');
  return { pageUrl: url, html, action: new URL(match[1]!, url) };
}

/**
 * Submits the test login form (or cancels) and follows the provider's
 * redirects up to, not into, the relying party's callback.
 */
export async function submitLogin(
  browser: FlowBrowser,
  action: URL,
  redirectUri: string,
  form: { personnummer: string; name: string } | 'abort',
): Promise<{ callbackUrl?: URL; response?: Response }> {
  const target = new URL(`${action.pathname}/${form === 'abort' ? 'abort' : 'login'}`, action);
  const body = form === 'abort' ? '' : new URLSearchParams(form).toString();
  const { url, response } = await browser.follow(
    target.href,
    (u) => u.href.startsWith(redirectUri),
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    },
  );
  return url.href.startsWith(redirectUri) ? { callbackUrl: url } : { response };
}

/** Delivers the callback; returns where the API sent the browser. */
export async function deliverCallback(
  browser: FlowBrowser,
  callbackUrl: URL,
): Promise<{ status: number; location: string | null }> {
  const res = await browser.fetch(callbackUrl.href);
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') };
}

/** The signed-in user of the browser's session, read from the session table. */
export async function sessionUserId(db: Database, browser: FlowBrowser): Promise<string | null> {
  const sid = browser.sessionId();
  if (!sid) return null;
  const result = await db.execute<{ user_id: string | null }>(
    sql`select sess->>'userId' as user_id from session where sid = ${sid}`,
  );
  return result.rows[0]?.user_id ?? null;
}

/** What an external broker answers differently from the built-in test provider. */
export type BrokerOptions = Pick<LocalOidcProviderOptions, 'clientId' | 'clientSecret' | 'secret'> &
  Partial<Pick<LocalOidcProviderOptions, 'ssnClaim' | 'validatePersonnummer' | 'answerAcr'>>;

export interface ApiWithBroker {
  api: TestServer;
  /** The broker's issuer URL (OIDC_ISSUER of the API). */
  issuer: string;
  /** Stops the broker alone (the API keeps running), as an issuer that goes down. */
  stopBroker: () => Promise<void>;
  /** Stops both. */
  close: () => Promise<void>;
}

/**
 * The API with OIDC_ISSUER pointing at a broker of its own on another port
 * (the local provider with `options`, no identities of its own), as a real
 * deployment's BankID broker would be.
 */
export async function startApiWithBroker(options: BrokerOptions): Promise<ApiWithBroker> {
  const idp = createServer();
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/broker`;
  const ssnClaim = options.ssnClaim ?? 'ssn';
  const api = await startTestServer(
    {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: options.clientId,
      OIDC_CLIENT_SECRET: options.clientSecret,
      ...(options.ssnClaim ? { OIDC_SSN_CLAIM: options.ssnClaim } : {}),
    },
    { publicUrlIsBaseUrl: true },
  );
  const broker = createLocalOidcProvider({
    ...options,
    issuer,
    redirectUris: [api.config.oidc.redirectUri],
    ssnClaim,
    nameClaim: 'name',
    identities: [],
  });
  const app = express();
  app.use('/broker', broker.router);
  idp.on('request', app);

  const stopBroker = async () => {
    if (!idp.listening) return;
    idp.closeAllConnections();
    await new Promise<void>((resolve) => idp.close(() => resolve()));
  };
  return {
    api,
    issuer,
    stopBroker,
    close: async () => {
      await api.close();
      await stopBroker();
    },
  };
}
