import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_BANKID_MAX_AGE_MS, MSG } from '@samtalsmatch/contracts';
import { oneTimeTokens, sessions, users } from '@samtalsmatch/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import {
  GOOD_PASSWORD,
  lastMailTo,
  login,
  mailbox,
  markBankIdSignIn,
  signedInClient,
  tokenFrom,
  uniqueEmail,
} from '../../../test/accounts';
import { createProvider, signInAs } from '../../../test/factories';
import { hashToken } from '../../../lib/tokens';
import {
  deliverCallback,
  FlowBrowser,
  initiate,
  openLoginPage,
  submitLogin,
} from '../../bankid/__tests__/bankid-flow';

// docs/rules/accounts.md#e-mail-change: a session alone never changes the address; the old
// address gets a link that undoes the change and ends every session.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { publicUrlIsBaseUrl: true });
});

afterAll(async () => {
  await server.close();
});

type ErrorBody = { message: string; code?: string; fieldErrors?: Record<string, string[]> };

async function userByEmail(email: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function sessionCount(userId: string): Promise<number> {
  const rows = await server.database.db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(sql`${sessions.sess}->>'userId' = ${userId}`);
  return rows.length;
}

/** The undo token of the newest notice to `oldEmail`. */
async function undoToken(oldEmail: string): Promise<string> {
  const mail = await lastMailTo(server.baseUrl, oldEmail);
  expect(mail.subject).toBe('Din e-postadress hos Samtalsmatch har ändrats');
  const link = mail.links.find((l) => l.includes('/undo-email-change/'));
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/undo-email-change\/[A-Za-z0-9_-]{43}$/);
  return link!.split('/undo-email-change/')[1]!;
}

/** Asks for the change, opens the link mailed to the new address: the address is changed. */
async function changeEmail(client: TestClient, oldEmail: string, body: Record<string, unknown>) {
  const newEmail = uniqueEmail('ny');
  const res = await client.patch('/api/users/email', { email: newEmail, ...body });
  expect(res.status).toBe(202);
  const token = tokenFrom(await lastMailTo(server.baseUrl, newEmail), 'verify-email');
  expect((await new TestClient(server.baseUrl).get(`/api/auth/verify-email/${token}`)).status).toBe(
    200,
  );
  expect(await userByEmail(newEmail)).toBeDefined();
  expect(await userByEmail(oldEmail)).toBeUndefined();
  return newEmail;
}

describe('PATCH /api/users/email: proof of the owner', () => {
  it('refuses a password account without its current password, writing and mailing nothing', async () => {
    const client = new TestClient(server.baseUrl);
    const oldEmail = await signedInClient(server, client);
    const newEmail = uniqueEmail('utan');
    const res = await client.patch('/api/users/email', { email: newEmail });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.fieldErrors?.currentPassword).toEqual([MSG.currentPasswordRequired]);
    expect(await mailbox(server.baseUrl, newEmail)).toHaveLength(0);
    expect(await userByEmail(oldEmail)).toBeDefined();
  });

  it('refuses a wrong current password with a Swedish 400 on the field, writing and mailing nothing', async () => {
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client);
    const newEmail = uniqueEmail('fel');
    const res = await client.patch('/api/users/email', {
      email: newEmail,
      currentPassword: 'Fel-Lösenord-1',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_INVALID',
      message: MSG.currentPasswordWrong,
      fieldErrors: { currentPassword: [MSG.currentPasswordWrong] },
    });
    expect(await mailbox(server.baseUrl, newEmail)).toHaveLength(0);
  });

  it('refuses a given wrong password even right after a BankID sign-in, which stands in only for no password', async () => {
    // docs/rules/accounts.md#a-given-password-must-be-right
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client);
    await markBankIdSignIn(server, client);
    const wrong = uniqueEmail('fel-bankid');
    const res = await client.patch('/api/users/email', {
      email: wrong,
      currentPassword: 'Fel-Lösenord-1',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_INVALID',
      fieldErrors: { currentPassword: [MSG.currentPasswordWrong] },
    });
    expect(await mailbox(server.baseUrl, wrong)).toHaveLength(0);

    const without = uniqueEmail('utan-bankid');
    expect((await client.patch('/api/users/email', { email: without })).status).toBe(202);
    expect(await mailbox(server.baseUrl, without)).toHaveLength(1);
  });

  it('counts wrong passwords against the change-e-mail limit (429 after it)', async () => {
    const limited = await startTestServer({ RATE_LIMIT_CHANGE_EMAIL: '100/2/60' });
    try {
      const client = new TestClient(limited.baseUrl);
      await signedInClient(limited, client);
      const attempt = () =>
        client.patch('/api/users/email', { email: uniqueEmail(), currentPassword: 'Gissning-1' });
      expect((await attempt()).status).toBe(400);
      expect((await attempt()).status).toBe(400);
      const third = await client.patch('/api/users/email', {
        email: uniqueEmail(),
        currentPassword: GOOD_PASSWORD,
      });
      expect(third.status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('with the right password: the new address gets its link, and once opened the old one is told with an undo link', async () => {
    const client = new TestClient(server.baseUrl);
    const oldEmail = await signedInClient(server, client);
    const newEmail = await changeEmail(client, oldEmail, { currentPassword: GOOD_PASSWORD });
    const notice = await lastMailTo(server.baseUrl, oldEmail);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toMatch(/Ångra bytet/);
    await undoToken(oldEmail);
    // The mailed token is stored only as its hash.
    const user = (await userByEmail(newEmail))!;
    const [stored] = await server.database.db
      .select()
      .from(oneTimeTokens)
      .where(
        and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'EMAIL_CHANGE_UNDO')),
      );
    expect(stored!.tokenHash).toBe(hashToken(await undoToken(oldEmail)));
  });
});

describe('POST /api/auth/undo-email-change', () => {
  it('restores the old address as verified, ends every session, needs a new password, and works once', async () => {
    const client = new TestClient(server.baseUrl);
    const oldEmail = await signedInClient(server, client);
    const other = new TestClient(server.baseUrl);
    expect((await login(other, oldEmail)).status).toBe(200);
    const newEmail = await changeEmail(client, oldEmail, { currentPassword: GOOD_PASSWORD });
    const user = (await userByEmail(newEmail))!;
    // Whoever holds the new address asks for a reset link: the undo kills it too.
    await new TestClient(server.baseUrl).post('/api/auth/forgot-password', { email: newEmail });
    const resetToken = tokenFrom(await lastMailTo(server.baseUrl, newEmail), 'reset-password');
    const token = await undoToken(oldEmail);
    expect(await sessionCount(user.id)).toBeGreaterThanOrEqual(2);

    const res = await new TestClient(server.baseUrl).post('/api/auth/undo-email-change', { token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe(MSG.emailChangeUndone);

    const restored = (await userByEmail(oldEmail))!;
    expect(restored.id).toBe(user.id);
    expect(restored.emailVerifiedAt).not.toBeNull();
    expect(restored.passwordHash).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);
    expect((await client.get('/api/users/me')).status).toBe(401);
    expect((await other.get('/api/users/me')).status).toBe(401);
    // The password no longer signs in; the reset link to the new address is dead.
    expect((await login(new TestClient(server.baseUrl), oldEmail)).status).toBe(401);
    const reset = await new TestClient(server.baseUrl).post('/api/auth/reset-password', {
      token: resetToken,
      password: 'Nytt-Höst-Äpple-83',
    });
    expect(reset.status).toBe(400);
    // The restored address is told, with the way to a new password.
    const confirmation = await lastMailTo(server.baseUrl, oldEmail);
    expect(confirmation.subject).toBe('Din e-postadress hos Samtalsmatch har återställts');
    expect(confirmation.links.some((l) => l.endsWith('/forgot-password'))).toBe(true);

    const again = await new TestClient(server.baseUrl).post('/api/auth/undo-email-change', {
      token,
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as ErrorBody).code).toBe('TOKEN_INVALID');
  });

  it('refuses an expired link and changes nothing', async () => {
    const client = new TestClient(server.baseUrl);
    const oldEmail = await signedInClient(server, client);
    const newEmail = await changeEmail(client, oldEmail, { currentPassword: GOOD_PASSWORD });
    const token = await undoToken(oldEmail);
    await server.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    const res = await new TestClient(server.baseUrl).post('/api/auth/undo-email-change', { token });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'TOKEN_INVALID', message: MSG.resetFailed });
    expect(await userByEmail(newEmail)).toBeDefined();
    expect((await client.get('/api/users/me')).status).toBe(200);
  });

  it('refuses a forged token, a verification token and a missing one with 400', async () => {
    const client = new TestClient(server.baseUrl);
    const email = await signedInClient(server, client, { verify: false });
    const verifyToken = tokenFrom(await lastMailTo(server.baseUrl, email), 'verify-email');
    for (const token of ['x'.repeat(43), verifyToken]) {
      const res = await new TestClient(server.baseUrl).post('/api/auth/undo-email-change', {
        token,
      });
      expect(res.status).toBe(400);
    }
    const missing = await new TestClient(server.baseUrl).post('/api/auth/undo-email-change', {});
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).fieldErrors?.token).toBeDefined();
  });

  it("after two changes, the first address's link still undoes, and then the second's is dead", async () => {
    const client = new TestClient(server.baseUrl);
    const first = await signedInClient(server, client);
    const second = await changeEmail(client, first, { currentPassword: GOOD_PASSWORD });
    const firstUndo = await undoToken(first);
    await changeEmail(client, second, { currentPassword: GOOD_PASSWORD });
    const secondUndo = await undoToken(second);
    const ok = await new TestClient(server.baseUrl).post('/api/auth/undo-email-change', {
      token: firstUndo,
    });
    expect(ok.status).toBe(200);
    expect(await userByEmail(first)).toBeDefined();
    const later = await new TestClient(server.baseUrl).post('/api/auth/undo-email-change', {
      token: secondUndo,
    });
    expect(later.status).toBe(400);
    expect(await userByEmail(first)).toBeDefined();
  });
});

describe('accounts without a password (BankID only)', () => {
  it('refuses the change without a fresh BankID sign-in in this session', async () => {
    const provider = await createProvider(server);
    expect(provider.passwordHash).toBeNull();
    const client = new TestClient(server.baseUrl);
    await signInAs(server, client, provider);
    const newEmail = uniqueEmail('bankid');
    const res = await client.patch('/api/users/email', {
      email: newEmail,
      currentPassword: 'Vad-som-helst-1',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'REAUTHENTICATION_REQUIRED',
      message: MSG.bankIdReauthRequired,
    });
    expect(await mailbox(server.baseUrl, newEmail)).toHaveLength(0);
  });

  it('accepts the change right after a BankID sign-in, and refuses it once that sign-in is too old', async () => {
    const provider = await createProvider(server);
    const browser = new FlowBrowser();
    const authorizationUrl = await initiate(browser, server.baseUrl, { role: 'provider' });
    const { action } = await openLoginPage(browser, authorizationUrl);
    const { callbackUrl } = await submitLogin(browser, action, server.config.oidc.redirectUri, {
      personnummer: provider.ssn,
      name: provider.name,
    });
    expect((await deliverCallback(browser, callbackUrl!)).location).toBe('/auth/callback/bankid');
    const csrf = async () =>
      (
        (await (await browser.fetch(`${server.baseUrl}/api/csrf-token`)).json()) as {
          csrfToken: string;
        }
      ).csrfToken;
    const patch = async (email: string) =>
      browser.fetch(`${server.baseUrl}/api/users/email`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-csrf-token': await csrf() },
        body: JSON.stringify({ email }),
      });

    const fresh = uniqueEmail('farsk');
    expect((await patch(fresh)).status).toBe(202);
    expect(await mailbox(server.baseUrl, fresh)).toHaveLength(1);

    // The same session, its BankID sign-in now older than the limit.
    await server.database.db.execute(sql`
      update session
      set sess = jsonb_set(sess::jsonb, '{bankIdAuthAt}', to_jsonb(${Date.now() - EMAIL_CHANGE_BANKID_MAX_AGE_MS - 1000}::bigint))::json
      where sid = ${browser.sessionId()!}
    `);
    const stale = uniqueEmail('gammal');
    const res = await patch(stale);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).code).toBe('REAUTHENTICATION_REQUIRED');
    expect(await mailbox(server.baseUrl, stale)).toHaveLength(0);
  });
});
