import { describe, expect, it } from 'vitest';
import type { MailSettings } from '../../../config';
import { escapeHtml } from '../../../lib/html';
import { retryDelayMs } from '../outbox.worker';
import {
  accountExistsMail,
  emailChangeTakenMail,
  passwordResetMail,
  verificationMail,
  type MailContext,
} from '../templates';

const ctx: MailContext = {
  publicUrl: 'https://samtalsmatch.example',
  companyName: 'Samtalsmatch AB',
  contactEmail: 'kontakt@samtalsmatch.example',
};

describe('mail templates', () => {
  it('builds Swedish text and HTML with links from PUBLIC_URL', () => {
    const mail = verificationMail(ctx, 'anna@exempel.se', 'TOKEN123');
    expect(mail.to).toBe('anna@exempel.se');
    expect(mail.subject).toBe('Bekräfta din e-postadress hos Samtalsmatch');
    // An unverified address is greeted neutrally (docs/rules/accounts.md#e-mail-verification).
    expect(mail.text.startsWith('Hej!\n')).toBe(true);
    expect(mail.text).toContain('https://samtalsmatch.example/verify-email/TOKEN123');
    expect(mail.text).toContain('24 timmar');
    expect(mail.html).toContain('href="https://samtalsmatch.example/verify-email/TOKEN123"');
    expect(mail.html).toContain('<html lang="sv">');
  });

  it('tells how to use the link without the button, in plain Swedish', () => {
    const mail = verificationMail(ctx, 'anna@exempel.se', 'TOKEN123');
    expect(mail.html).toContain(
      'Fungerar inte knappen? Kopiera länken och klistra in den i webbläsaren:',
    );
  });

  it('names the attempt on a taken address in the subject, not as an imperative', () => {
    const mail = emailChangeTakenMail(ctx, 'agare@exempel.se');
    expect(mail.subject).toBe('Någon försökte använda din e-postadress hos Samtalsmatch');
  });

  it('says one hour for reset links', () => {
    const mail = passwordResetMail(ctx, 'a@b.se', 'A', 'T');
    expect(mail.text).toContain('1 timme');
    expect(mail.text).toContain('https://samtalsmatch.example/reset-password/T');
  });

  it('escapes names in HTML', () => {
    const mail = accountExistsMail(ctx, 'a@b.se', '<img src=x onerror=alert(1)>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(escapeHtml(`"'&`)).toBe('&quot;&#39;&amp;');
  });
});

describe('retry backoff', () => {
  const settings: MailSettings = {
    pollIntervalMs: 1000,
    retryBaseMs: 1000,
    retryMaxMs: 60_000,
    maxAttempts: 10,
    leaseMs: 60_000,
  };
  const mid = () => 0.5;

  it('doubles per failed attempt', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, settings, mid))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
  });

  it('is capped', () => {
    expect(retryDelayMs(30, settings, mid)).toBe(60_000);
    expect(retryDelayMs(500, settings, mid)).toBe(60_000);
  });

  it('jitters by at most 10 %', () => {
    expect(retryDelayMs(1, settings, () => 0)).toBe(900);
    expect(retryDelayMs(1, settings, () => 1)).toBe(1100);
  });
});
