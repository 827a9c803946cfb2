import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@samtalsmatch/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import { createSsnCrypto } from '../../../lib/crypto';
import { createLogger } from '../../../lib/logger';
import { BANKID_ACR_QR, BANKID_ACR_SAME_DEVICE } from '../bankid.constants';
import { linkDemoIdentities } from '../bankid.service';
import {
  deliverCallback,
  FlowBrowser,
  initiate,
  openLoginPage,
  sessionUserId,
  startApiWithBroker,
  submitLogin,
  type ApiWithBroker,
} from './bankid-flow';

// Fictitious, valid personnummer (date + Luhn).
const NEW_PROVIDER = { personnummer: '19800312-2382', name: 'Elin Testsson' };
const NEW_CLIENT = { personnummer: '198506214561', name: 'Johan Provsson' };
const COORDINATION = { personnummer: '199002756782', name: 'Amira Samordning' };

let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  server = await startTestServer(
    {},
    { publicUrlIsBaseUrl: true, logger: pino({ level: 'info' }, sink) },
  );
});

afterAll(async () => {
  await server?.close();
});

const redirectUri = () => server.config.oidc.redirectUri;

/** What the server logged about the last failed sign-in. */
function lastFailure(): { reason?: string; error?: { code?: string; oauthError?: string } } {
  const line = logLines.filter((l) => l.includes('BankID sign-in failed')).at(-1);
  return line ? (JSON.parse(line) as { bankid: ReturnType<typeof lastFailure> }).bankid : {};
}
const ssnCrypto = () => createSsnCrypto(server.config.ssnKeys);

async function signInWith(
  identity: { personnummer: string; name: string },
  options: { role?: 'provider' | 'client'; acrValues?: string; browser?: FlowBrowser } = {},
) {
  const browser = options.browser ?? new FlowBrowser();
  const authorizationUrl = await initiate(browser, server.baseUrl, options);
  const { action } = await openLoginPage(browser, authorizationUrl);
  const { callbackUrl } = await submitLogin(browser, action, redirectUri(), identity);
  expect(callbackUrl).toBeDefined();
  const result = await deliverCallback(browser, callbackUrl!);
  return { browser, result, callbackUrl: callbackUrl! };
}

async function userBySsn(personnummer: string) {
  const digits = personnummer.replace(/\D/g, '');
  const [row] = await server.database.db
    .select()
    .from(users)
    .where(eq(users.ssnHash, ssnCrypto().hash(digits)));
  return row;
}

describe('GET /api/auth/bankid/initiate', () => {
  it('returns an authorization URL for the code flow with PKCE, state, nonce and the acr value', async () => {
    const browser = new FlowBrowser();
    const url = await initiate(browser, server.baseUrl, { acrValues: BANKID_ACR_SAME_DEVICE });
    expect(url.origin + url.pathname).toBe(`${server.baseUrl}/oidc/auth`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(server.config.oidc.clientId);
    expect(q.get('redirect_uri')).toBe(`${server.baseUrl}/api/auth/bankid/callback`);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('acr_values')).toBe(BANKID_ACR_SAME_DEVICE);
    expect(q.get('prompt')).toBe('login');
    // The verifier stays on the server.
    expect(url.href).not.toContain('code_verifier');
    expect(browser.sessionId()).toBeTruthy();
  });

  it('refuses an unknown acr value with 400 {message, status}', async () => {
    const res = await fetch(`${server.baseUrl}/api/auth/bankid/initiate?acrValues=urn:other`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; status: number };
    expect(body.status).toBe(400);
    expect(body.message).toMatch(/BankID/);
  });

  it('refuses an unknown role with 400 and the Swedish message', async () => {
    const res = await fetch(`${server.baseUrl}/api/auth/bankid/initiate?role=admin`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; fieldErrors?: Record<string, string[]> };
    expect(body.fieldErrors?.role).toEqual(['Ogiltig roll.']);
  });

  it('shows a Swedish test login page that names the chosen BankID method', async () => {
    const browser = new FlowBrowser();
    const url = await initiate(browser, server.baseUrl, { acrValues: BANKID_ACR_QR });
    const { html } = await openLoginPage(browser, url);
    expect(html).toContain('<html lang="sv">');
    expect(html).toContain('Testinloggning med BankID');
    expect(html).toContain('QR-kod');
    expect(html).toContain('Elin Testsson');
    expect(html).toContain('Avbryt inloggningen');
  });
});

describe('the code flow against the local test provider', () => {
  it('creates a PROVIDER at USER_CREATED on the first sign-in from "Jag är terapeut"', async () => {
    const browser = new FlowBrowser();
    await initiate(browser, server.baseUrl, { role: 'provider' });
    const before = browser.sessionId();
    const { result } = await signInWith(NEW_PROVIDER, { browser, acrValues: BANKID_ACR_QR });
    expect(result.status).toBe(302);
    expect(result.location).toBe('/auth/callback/bankid');

    const user = await userBySsn(NEW_PROVIDER.personnummer);
    expect(user).toMatchObject({
      type: 'PROVIDER',
      onboardingStep: 'USER_CREATED',
      name: 'Elin Testsson',
      email: null,
      oidcIssuer: `${server.baseUrl}/oidc`,
    });
    expect(user!.oidcSubject).toBeTruthy();
    // Encrypted at rest: no plaintext, and it decrypts to the normalised number.
    expect(user!.ssnEncrypted).not.toContain('198003122382');
    expect(ssnCrypto().decrypt(user!.ssnEncrypted!)).toBe('198003122382');

    // Signed in, on a new session id (no fixation).
    expect(await sessionUserId(server.database.db, browser)).toBe(user!.id);
    expect(browser.sessionId()).not.toBe(before);

    // The web app's view: the current user, without the personnummer (not an admin).
    const me = await browser.fetch(`${server.baseUrl}/api/users/me`);
    expect(me.status).toBe(200);
    const body = (await me.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'PROVIDER', onboardingStep: 'USER_CREATED' });
    expect(body.ssn ?? null).toBeNull();
    expect(JSON.stringify(body)).not.toContain('198003122382');
  });

  it('signs a returning provider in to the same account, without a second row', async () => {
    const first = await userBySsn(NEW_PROVIDER.personnummer);
    const { browser, result } = await signInWith(NEW_PROVIDER, { role: 'provider' });
    expect(result.location).toBe('/auth/callback/bankid');
    expect(await sessionUserId(server.database.db, browser)).toBe(first!.id);
    const count = await server.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where name = 'Elin Testsson'`,
    );
    expect(count.rows[0]!.n).toBe(1);
  });

  it('signs a known personnummer in to its own account even from the client card', async () => {
    const provider = await userBySsn(NEW_PROVIDER.personnummer);
    const { browser, result } = await signInWith(NEW_PROVIDER, { role: 'client' });
    expect(result.location).toBe('/auth/callback/bankid');
    expect(await sessionUserId(server.database.db, browser)).toBe(provider!.id);
    expect((await userBySsn(NEW_PROVIDER.personnummer))!.type).toBe('PROVIDER');
  });

  it('creates a CLIENT at PROFILE_COMPLETED when an unknown person starts from the client card', async () => {
    const { browser, result } = await signInWith(NEW_CLIENT, {
      role: 'client',
      acrValues: BANKID_ACR_SAME_DEVICE,
    });
    expect(result.location).toBe('/auth/callback/bankid');
    const user = await userBySsn(NEW_CLIENT.personnummer);
    expect(user).toMatchObject({ type: 'CLIENT', onboardingStep: 'PROFILE_COMPLETED' });
    expect(await sessionUserId(server.database.db, browser)).toBe(user!.id);
  });

  it('accepts a samordningsnummer', async () => {
    const { result } = await signInWith(COORDINATION);
    expect(result.location).toBe('/auth/callback/bankid');
    expect(await userBySsn(COORDINATION.personnummer)).toMatchObject({ type: 'PROVIDER' });
  });

  it('refuses a tampered state and signs nobody in', async () => {
    const browser = new FlowBrowser();
    const url = await initiate(browser, server.baseUrl);
    const { action } = await openLoginPage(browser, url);
    const { callbackUrl } = await submitLogin(browser, action, redirectUri(), NEW_PROVIDER);
    const tampered = new URL(callbackUrl!);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    const result = await deliverCallback(browser, tampered);
    expect(result.location).toBe('/auth/callback/bankid?error=invalid');
    expect(await sessionUserId(server.database.db, browser)).toBeNull();
  });

  it('refuses a replayed callback and a replayed authorization code', async () => {
    const { browser, result, callbackUrl } = await signInWith(NEW_CLIENT, { role: 'client' });
    expect(result.location).toBe('/auth/callback/bankid');

    // The same callback again: the sign-in it belonged to is consumed.
    const again = await deliverCallback(browser, callbackUrl);
    expect(again.location).toMatch(/^\/auth\/callback\/bankid\?error=/);

    // The used code with the state of a fresh sign-in: the provider refuses the code.
    const attacker = new FlowBrowser();
    const fresh = await initiate(attacker, server.baseUrl);
    const replay = new URL(callbackUrl);
    replay.searchParams.set('state', fresh.searchParams.get('state')!);
    const replayed = await deliverCallback(attacker, replay);
    expect(replayed.location).toBe('/auth/callback/bankid?error=invalid');
    expect(lastFailure().error?.oauthError).toBe('invalid_grant');
    expect(await sessionUserId(server.database.db, attacker)).toBeNull();
  });

  it('refuses an ID token whose nonce is not the one of the sign-in', async () => {
    const browser = new FlowBrowser();
    const url = await initiate(browser, server.baseUrl);
    const { action } = await openLoginPage(browser, url);
    const { callbackUrl } = await submitLogin(browser, action, redirectUri(), NEW_PROVIDER);
    // The session's expected nonce no longer matches the one the ID token carries.
    await server.database.db.execute(
      sql`update session set sess = jsonb_set(sess::jsonb, '{bankid,0,nonce}', '"a-different-nonce"')::json where sid = ${browser.sessionId()!}`,
    );
    const result = await deliverCallback(browser, callbackUrl!);
    expect(result.location).toBe('/auth/callback/bankid?error=invalid');
    expect(lastFailure().error?.code).toBe('OAUTH_JWT_CLAIM_COMPARISON_FAILED');
    expect(await sessionUserId(server.database.db, browser)).toBeNull();
  });

  it('refuses a sign-in that took longer than ten minutes', async () => {
    const browser = new FlowBrowser();
    const url = await initiate(browser, server.baseUrl);
    const { action } = await openLoginPage(browser, url);
    const { callbackUrl } = await submitLogin(browser, action, redirectUri(), NEW_PROVIDER);
    const eleven = Date.now() - 11 * 60_000;
    await server.database.db.execute(
      sql`update session set sess = jsonb_set(sess::jsonb, '{bankid,0,createdAt}', ${String(eleven)}::jsonb)::json where sid = ${browser.sessionId()!}`,
    );
    const result = await deliverCallback(browser, callbackUrl!);
    expect(result.location).toBe('/auth/callback/bankid?error=expired');
    expect(await sessionUserId(server.database.db, browser)).toBeNull();
  });

  it('refuses an invalid personnummer on the test login page', async () => {
    const browser = new FlowBrowser();
    const url = await initiate(browser, server.baseUrl);
    const { action } = await openLoginPage(browser, url);
    const { callbackUrl, response } = await submitLogin(browser, action, redirectUri(), {
      personnummer: '19800312-2383',
      name: 'Fel Siffra',
    });
    expect(callbackUrl).toBeUndefined();
    expect(response!.status).toBe(400);
    expect(await response!.text()).toContain('Ange ett giltigt personnummer');
  });

  it('ends a sign-in cancelled at the provider on the error state', async () => {
    const browser = new FlowBrowser();
    const url = await initiate(browser, server.baseUrl);
    const { action } = await openLoginPage(browser, url);
    const { callbackUrl } = await submitLogin(browser, action, redirectUri(), 'abort');
    expect(callbackUrl!.searchParams.get('error')).toBe('access_denied');
    const result = await deliverCallback(browser, callbackUrl!);
    expect(result.location).toBe('/auth/callback/bankid?error=cancelled');
    expect(await sessionUserId(server.database.db, browser)).toBeNull();
  });

  it('tells a callback that brought no session cookie (a cookie problem) from a timeout', async () => {
    const res = await fetch(`${server.baseUrl}/api/auth/bankid/callback?code=abc&state=def`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/callback/bankid?error=cookie');

    // The browser lost its cookie between the start and the callback (blocked, another address).
    const browser = new FlowBrowser();
    const url = await initiate(browser, server.baseUrl);
    const { action } = await openLoginPage(browser, url);
    const { callbackUrl } = await submitLogin(browser, action, redirectUri(), NEW_PROVIDER);
    const cookieless = await fetch(callbackUrl!, { redirect: 'manual' });
    expect(cookieless.headers.get('location')).toBe('/auth/callback/bankid?error=cookie');
  });

  it('ends a callback with a session but no sign-in in progress as expired, never a 500', async () => {
    const browser = new TestClient(server.baseUrl);
    await browser.csrfToken();
    const res = await browser.get('/api/auth/bankid/callback?code=abc&state=def');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/callback/bankid?error=expired');
  });

  it('lets a seeded demo provider, linked by e-mail, sign in to the seeded account', async () => {
    const [seeded] = await server.database.db
      .insert(users)
      .values({
        type: 'PROVIDER',
        name: 'Demo Terapeut',
        email: 'demo.terapeut@samtalsmatch.example',
        onboardingStep: 'ONBOARDING_COMPLETED',
      })
      .returning({ id: users.id });
    const identity = {
      personnummer: '197811043210',
      name: 'Demo Terapeut',
      email: 'Demo.Terapeut@samtalsmatch.example',
      description: 'test',
    };
    const logger = createLogger('silent');
    expect(await linkDemoIdentities(server.database.db, ssnCrypto(), [identity], logger)).toBe(1);
    // Idempotent.
    expect(await linkDemoIdentities(server.database.db, ssnCrypto(), [identity], logger)).toBe(0);
    const { browser, result } = await signInWith(identity);
    expect(result.location).toBe('/auth/callback/bankid');
    expect(await sessionUserId(server.database.db, browser)).toBe(seeded!.id);
  });

  it('never logs a personnummer', () => {
    const all = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    for (const pnr of ['198003122382', '8003122382', '198506214561', '199002756782']) {
      expect(all).not.toContain(pnr);
    }
    expect(all).toContain('BankID sign-in failed');
  });
});

describe('an external issuer (OIDC_ISSUER) with other claim names', () => {
  let api: TestServer;
  let issuer: string;
  let broker: ApiWithBroker;

  beforeAll(async () => {
    // A broker of its own on another port, sending the personnummer as `nin`
    // and letting anything through, so the relying party's own checks show.
    broker = await startApiWithBroker({
      clientId: 'samtalsmatch-test',
      clientSecret: 'a-test-secret-for-the-external-broker',
      secret: 'external-broker-test-secret',
      ssnClaim: 'nin',
      validatePersonnummer: false,
    });
    ({ api, issuer } = broker);
  });

  afterAll(async () => {
    await broker?.close();
  });

  async function viaBroker(identity: { personnummer: string; name: string }) {
    const browser = new FlowBrowser();
    const url = await initiate(browser, api.baseUrl);
    expect(url.origin + url.pathname).toBe(`${issuer}/auth`);
    const { action } = await openLoginPage(browser, url);
    const { callbackUrl } = await submitLogin(
      browser,
      action,
      api.config.oidc.redirectUri,
      identity,
    );
    return { browser, result: await deliverCallback(browser, callbackUrl!) };
  }

  it('does not mount the local test provider', async () => {
    const res = await fetch(`${api.baseUrl}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(404);
  });

  it('reads the personnummer from the configured claim and signs in', async () => {
    const { browser, result } = await viaBroker({
      personnummer: '197811043210',
      name: 'Nin Person',
    });
    expect(result.location).toBe('/auth/callback/bankid');
    const [user] = await api.database.db.select().from(users).where(eq(users.oidcIssuer, issuer));
    expect(user).toMatchObject({ type: 'PROVIDER', name: 'Nin Person' });
    expect(await sessionUserId(api.database.db, browser)).toBe(user!.id);
  });

  it('refuses an invalid personnummer in the ID token', async () => {
    for (const personnummer of ['197811043211', '19781304321', 'not-a-number', '207811043210']) {
      const { browser, result } = await viaBroker({ personnummer, name: 'Ogiltig Person' });
      expect(result.location).toBe('/auth/callback/bankid?error=invalid');
      expect(await sessionUserId(api.database.db, browser)).toBeNull();
    }
  });

  it('ends on the error state when the issuer goes down during the sign-in', async () => {
    const browser = new FlowBrowser();
    const url = await initiate(browser, api.baseUrl);
    const { action } = await openLoginPage(browser, url);
    const { callbackUrl } = await submitLogin(browser, action, api.config.oidc.redirectUri, {
      personnummer: '198003122382',
      name: 'Elin Testsson',
    });
    await broker.stopBroker();
    const result = await deliverCallback(browser, callbackUrl!);
    expect(result.location).toBe('/auth/callback/bankid?error=unavailable');
    expect(await sessionUserId(api.database.db, browser)).toBeNull();
  });

  it('answers 503 when the issuer cannot be reached', async () => {
    const down = await startTestServer(
      { OIDC_ISSUER: 'http://127.0.0.1:9/nowhere' },
      { publicUrlIsBaseUrl: true },
    );
    try {
      const res = await fetch(`${down.baseUrl}/api/auth/bankid/initiate`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { message: string; status: number };
      expect(body).toMatchObject({ status: 503 });
      expect(body.message).toMatch(/BankID/);
    } finally {
      await down.close();
    }
  });
});
