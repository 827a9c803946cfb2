import { DEV_FAVICON_LINK } from '../../lib/dev-favicon';
import { Router } from 'express';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox, type Database } from '@samtalsmatch/db';
import { escapeHtml } from '../../lib/html';

const LINK = /https?:\/\/[^\s<>"]+/g;
const STATUS_LABEL: Record<string, string> = {
  PENDING: 'Väntar på leverans',
  SENT: 'Levererat',
  FAILED: 'Misslyckades',
};

async function listMails(db: Database, to: string | undefined) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.toAddress, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    text: r.text,
    html: r.html,
    links: r.text.match(LINK) ?? [],
    status: r.status,
    attempts: r.attempts,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}

/** Text with its links made clickable, everything else escaped. */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    out += escapeHtml(text.slice(last, match.index));
    const href = escapeHtml(match[0]);
    out += `<a href="${href}">${href}</a>`;
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/**
 * The development mailbox: every mail of the outbox, newest first, so
 * verification and reset links can be clicked without an SMTP server.
 * Mounted only outside production (app.ts); `?to=` filters by recipient.
 */
export function devMailboxRouter(db: Database): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.set('cache-control', 'no-store').set('x-robots-tag', 'noindex');
    next();
  });

  router.get('/mailbox.json', async (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : undefined;
    res.json({ mails: await listMails(db, to) });
  });

  router.get('/mailbox', async (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : undefined;
    const mails = await listMails(db, to);
    const items = mails
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">Till: <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(
    new Date(m.createdAt).toLocaleString('sv-SE', { timeZone: 'Europe/Stockholm' }),
  )} (svensk tid) · ${escapeHtml(STATUS_LABEL[m.status] ?? m.status)}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
      )
      .join('\n');
    res.type('html').send(`<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Utvecklingsbrevlåda – Samtalsmatch</title>
${DEV_FAVICON_LINK}
<style>
body{font-family:system-ui,Arial,sans-serif;max-width:860px;margin:0 auto;padding:24px;color:#1f2933}
article{border:1px solid #d9dee3;border-radius:8px;padding:12px 16px;margin:16px 0}
h2{font-size:18px;margin:4px 0}.meta{color:#555;font-size:14px}
pre{white-space:pre-wrap;word-break:break-word;font-family:inherit;background:#f6f8f9;padding:12px;border-radius:6px}
</style></head>
<body>
<h1>Utvecklingsbrevlåda</h1>
<p>Mejl som tjänsten har skickat, nyast först. Sidan finns bara i utvecklingsläge och visas aldrig i produktion.</p>
${items || '<p>Inga mejl än.</p>'}
</body></html>
`);
  });
  return router;
}
