import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createDb, mailOutbox } from '@samtalsmatch/db';
import { createApp } from '../../../app';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import {
  eventually,
  lastMailTo,
  mailbox,
  registerClient,
  tokenFrom,
  uniqueEmail,
} from '../../../test/accounts';
import { createLogger } from '../../../lib/logger';
import { createSmtpTransport, notifyMailQueued } from '../../../lib/mailer';
import type { MailSettings } from '../../../config';
import { clearOldMailBodies, enqueueMail } from '../outbox';
import { MailWorker } from '../outbox.worker';
import { startSmtp } from '../../../test/smtp';

/** Quoted-printable soft breaks removed, so links can be searched for. */
function unfold(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

const FAST: MailSettings = {
  pollIntervalMs: 50,
  retryBaseMs: 100,
  retryMaxMs: 300,
  maxAttempts: 1000,
  leaseMs: 60_000,
};

let server: TestServer;
const logger = createLogger('silent');

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function outboxRow(to: string) {
  const [row] = await server.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to));
  return row;
}

describe('mail bodies are not kept', () => {
  async function sentMail(to: string, sentHoursAgo: number | null, status = 'SENT') {
    const id = await enqueueMail(server.database.db, {
      to,
      subject: 'Återställ ditt lösenord hos Samtalsmatch',
      text: 'https://samtalsmatch.example/reset-password/LIVE-TOKEN',
      html: '<a href="https://samtalsmatch.example/reset-password/LIVE-TOKEN">länk</a>',
      attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'BEGIN' }],
    });
    if (sentHoursAgo !== null) {
      await server.database.db.execute(sql`
        update mail_outbox set status = ${status},
          sent_at = case when ${status} = 'SENT' then now() - make_interval(hours => ${sentHoursAgo}) end,
          created_at = now() - make_interval(hours => ${sentHoursAgo + 1})
        where id = ${id}
      `);
    }
    return id;
  }

  it('empties text, HTML and attachments of mails done for longer than the retention', async () => {
    const old = uniqueEmail('gammal');
    const recent = uniqueEmail('ny');
    const failed = uniqueEmail('misslyckad');
    const pending = uniqueEmail('vantar');
    await sentMail(old, 25);
    await sentMail(recent, 1);
    await sentMail(failed, 30, 'FAILED');
    await sentMail(pending, null);
    await server.database.db.execute(
      sql`update mail_outbox set created_at = now() - interval '3 days' where to_address = ${pending}`,
    );

    const cleared = await clearOldMailBodies(server.database.db, 24 * 3_600_000);
    expect(cleared).toBeGreaterThanOrEqual(2);

    for (const to of [old, failed]) {
      expect(await outboxRow(to)).toMatchObject({ text: '', html: '', attachments: [] });
      expect((await outboxRow(to))!.subject).toMatch(/Återställ/);
    }
    for (const to of [recent, pending]) {
      const row = await outboxRow(to);
      expect(row!.text).toContain('LIVE-TOKEN');
      expect(row!.attachments).toHaveLength(1);
    }
    // Nothing left to clear: a second run changes nothing.
    const again = await server.database.db.execute(
      sql`select count(*)::int as n from mail_outbox where text like '%LIVE-TOKEN%'`,
    );
    expect(await clearOldMailBodies(server.database.db, 24 * 3_600_000)).toBe(0);
    expect((again.rows[0] as { n: number }).n).toBeGreaterThanOrEqual(2);
  });
});

describe('delivery over SMTP', () => {
  it('keeps retrying while the SMTP server is down and delivers exactly once when it is back', async () => {
    // Find a free port, then leave it closed: the SMTP server is "down".
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close();

    const transport = createSmtpTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Samtalsmatch <no-reply@samtalsmatch.example>',
    });
    const worker = new MailWorker({
      db: server.database.db,
      logger,
      settings: FAST,
      transport,
    }).start();
    const email = uniqueEmail('smtp');
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      expect((await registerClient(new TestClient(server.baseUrl), { email })).status).toBe(201);
      const failing = await eventually(async () => {
        const row = await outboxRow(email);
        return row && row.attempts >= 3 ? row : undefined;
      });
      expect(failing.status).toBe('PENDING');
      expect(failing.lastError).toBeTruthy();
      expect(failing.sentAt).toBeNull();

      smtp = await startSmtp(port);
      const sent = await eventually(async () => {
        const row = await outboxRow(email);
        return row?.status === 'SENT' ? row : undefined;
      });
      expect(sent.sentAt).toBeInstanceOf(Date);
      expect(sent.lastError).toBeNull();

      // Nothing is due any more: another round sends nothing, and the server saw it once.
      expect(await worker.runOnce()).toBe(0);
      await worker.stop();
      const mine = smtp.received.filter((m) => m.to.includes(email));
      expect(mine).toHaveLength(1);
      const raw = unfold(mine[0]!.raw);
      expect(raw).toMatch(/^Subject: =\?UTF-8\?/m);
      expect(raw).toContain(`Message-ID: <${sent.id}@samtalsmatch.example>`);
      expect(raw).toContain('From: Samtalsmatch <no-reply@samtalsmatch.example>');
      expect(raw).toMatch(/Content-Type: multipart\/alternative/);
      expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
      expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
      expect(raw).toMatch(/\/verify-email\/[A-Za-z0-9_-]{43}/);
      // Handed to SMTP: the stored copy keeps no body and so no usable link
      // (docs/rules/privacy.md#mail-bodies-are-not-kept).
      const stored = await outboxRow(email);
      expect(stored).toMatchObject({ status: 'SENT', text: '', html: '', attachments: [] });
    } finally {
      await worker.stop();
      await smtp?.close();
    }
  });

  /** Queues one plain test mail to each address. */
  async function enqueueTestMails(addresses: string[]) {
    for (const to of addresses) {
      await enqueueMail(server.database.db, {
        to,
        subject: 'Test',
        text: 'Hej',
        html: '<p>Hej</p>',
      });
    }
  }

  it('two workers on the same outbox never send a mail twice', async () => {
    const smtp = await startSmtp();
    const transport = createSmtpTransport({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailFrom: 'x <a@samtalsmatch.example>',
    });
    const prefix = uniqueEmail('par').split('@')[0]!;
    const addresses = Array.from({ length: 24 }, (_, i) => `${prefix}-${i}@exempel.se`);
    await enqueueTestMails(addresses);
    const a = new MailWorker({
      db: server.database.db,
      logger,
      settings: FAST,
      transport,
      batchSize: 3,
    });
    const b = new MailWorker({
      db: server.database.db,
      logger,
      settings: FAST,
      transport,
      batchSize: 3,
    });
    try {
      const drain = async (w: MailWorker) => {
        while ((await w.runOnce()) > 0);
      };
      await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
      const counts = new Map<string, number>();
      for (const m of smtp.received)
        for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
      for (const to of addresses) expect(counts.get(to)).toBe(1);
    } finally {
      await smtp.close();
    }
  });

  it('never sends a mail twice when a slow batch outlives its lease', async () => {
    // A slow SMTP server: each send takes 250 ms, so a batch of 6 takes 1.5 s and
    // outlives its 500 ms lease while the first worker is still at it.
    const sent: string[] = [];
    const slow = async (mail: { to: string }) => {
      sent.push(mail.to);
      await new Promise((resolve) => setTimeout(resolve, 250));
    };
    const settings = { ...FAST, leaseMs: 500 };
    const prefix = uniqueEmail('lång').split('@')[0]!;
    const addresses = Array.from({ length: 6 }, (_, i) => `${prefix}-${i}@exempel.se`);
    await enqueueTestMails(addresses);
    const a = new MailWorker({
      db: server.database.db,
      logger,
      settings,
      transport: slow,
      batchSize: 6,
    });
    const b = new MailWorker({
      db: server.database.db,
      logger,
      settings,
      transport: slow,
      batchSize: 6,
    });
    const first = a.runOnce();
    // The second worker starts once the first one's batch lease has run out on a mail it
    // has not sent yet: those mails are free to claim, and the first worker must skip them.
    await eventually(async () => {
      const expired = await server.database.db.execute(sql`
        select 1 from mail_outbox
        where to_address in ${addresses} and status = 'PENDING' and locked_until <= now()
        limit 1`);
      return expired.rows.length > 0 ? true : undefined;
    });
    const second = (async () => {
      while ((await b.runOnce()) > 0);
    })();
    await Promise.all([first, second]);
    await eventually(async () => {
      const rows = await Promise.all(addresses.map(outboxRow));
      return rows.every((r) => r?.status === 'SENT') ? true : (await b.runOnce(), undefined);
    });
    for (const to of addresses) expect(sent.filter((t) => t === to)).toHaveLength(1);
  });

  it('gives up after MAIL_MAX_ATTEMPTS, keeping the row as FAILED', async () => {
    const probe = await startSmtp();
    await probe.close();
    const transport = createSmtpTransport({
      smtpUrl: `smtp://127.0.0.1:${probe.port}`,
      mailFrom: 'x <a@b.example>',
    });
    const worker = new MailWorker({
      db: server.database.db,
      logger,
      settings: { ...FAST, retryBaseMs: 1, retryMaxMs: 1, maxAttempts: 2 },
      transport,
    });
    const to = uniqueEmail('ge-upp');
    await enqueueMail(server.database.db, { to, subject: 'Test', text: 'Hej', html: '<p>Hej</p>' });
    const row = await eventually(async () => {
      await worker.runOnce();
      const r = await outboxRow(to);
      return r?.status === 'FAILED' ? r : undefined;
    });
    expect(row.attempts).toBe(2);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('leaves a mail alone while another worker holds its lease', async () => {
    const worker = new MailWorker({
      db: server.database.db,
      logger,
      settings: FAST,
      transport: undefined,
    });
    const to = uniqueEmail('lås');
    const id = await enqueueMail(server.database.db, {
      to,
      subject: 'Test',
      text: 'Hej',
      html: '<p>Hej</p>',
    });
    await server.database.db.execute(
      sql`update mail_outbox set locked_until = now() + interval '1 hour' where id = ${id}`,
    );
    while ((await worker.runOnce()) > 0);
    expect((await outboxRow(to))!.status).toBe('PENDING');
    // The holder died: its lease runs out, and the mail goes.
    await server.database.db.execute(
      sql`update mail_outbox set locked_until = now() - interval '1 second' where id = ${id}`,
    );
    while ((await worker.runOnce()) > 0);
    expect((await outboxRow(to))!.status).toBe('SENT');
  });
});

describe('without SMTP_URL', () => {
  it('marks mails delivered to the dev mailbox, woken by the commit rather than the poll', async () => {
    const worker = new MailWorker({
      db: server.database.db,
      logger,
      settings: { ...FAST, pollIntervalMs: 3_600_000 },
      transport: undefined,
    }).start();
    try {
      await eventually(async () => ((await worker.runOnce()) === 0 ? true : undefined));
      const email = uniqueEmail('väck');
      await registerClient(new TestClient(server.baseUrl), { email });
      const row = await eventually(async () => {
        const r = await outboxRow(email);
        return r?.status === 'SENT' ? r : undefined;
      });
      expect(row.attempts).toBe(1);
    } finally {
      await worker.stop();
    }
  });

  it('stops: after stop() a queued mail stays pending', async () => {
    const worker = new MailWorker({
      db: server.database.db,
      logger,
      settings: FAST,
      transport: undefined,
    }).start();
    await worker.stop();
    const to = uniqueEmail('stopp');
    await enqueueMail(server.database.db, { to, subject: 'Test', text: 'Hej', html: '<p>Hej</p>' });
    notifyMailQueued();
    expect((await outboxRow(to))!.status).toBe('PENDING');
  });
});

describe('/dev/mailbox', () => {
  it('lists mails newest first in Swedish, with clickable links and escaped text', async () => {
    const email = uniqueEmail('brevlåda');
    await registerClient(new TestClient(server.baseUrl), {
      email,
      name: '<script>alert(1)</script>',
    });
    // Verified, so the next mail greets by the (hostile) name.
    const verify = tokenFrom(await lastMailTo(server.baseUrl, email), 'verify-email');
    await new TestClient(server.baseUrl).get(`/api/auth/verify-email/${verify}`);
    await new TestClient(server.baseUrl).post('/api/auth/forgot-password', { email });
    const res = await fetch(`${server.baseUrl}/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="sv">');
    expect(html).toContain('Utvecklingsbrevlåda');
    expect(html.indexOf('Återställ ditt lösenord')).toBeLessThan(
      html.indexOf('Bekräfta din e-postadress'),
    );
    expect(html).toMatch(/<a href="http:\/\/localhost:3000\/verify-email\/[A-Za-z0-9_-]{43}">/);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('serves the same mails as JSON for tests', async () => {
    const email = uniqueEmail('json');
    await registerClient(new TestClient(server.baseUrl), { email });
    const [mail] = await mailbox(server.baseUrl, email);
    expect(mail).toMatchObject({
      to: email,
      subject: 'Bekräfta din e-postadress hos Samtalsmatch',
    });
    expect(mail!.links[0]).toMatch(/\/verify-email\//);
    const all = await mailbox(server.baseUrl);
    expect(all.length).toBeGreaterThan(1);
    const times = all.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('is not mounted when the dev mailbox is off (production)', async () => {
    const database = createDb(server.config.databaseUrl!, { max: 2 });
    const app = createApp({
      config: { ...server.config, devMailbox: false },
      database,
      logger,
    });
    const http = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => http.once('listening', resolve));
    try {
      const { port } = http.address() as AddressInfo;
      for (const path of ['/dev/mailbox', '/dev/mailbox.json']) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`);
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain('Utvecklingsbrevlåda');
      }
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await database.close();
    }
  });
});
