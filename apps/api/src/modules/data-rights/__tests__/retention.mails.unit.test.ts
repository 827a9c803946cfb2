import { describe, expect, it } from 'vitest';
import { formatStockholm } from '@samtalsmatch/contracts';
import type { MailContext } from '../../mail/templates';
import { inactiveAnswersNoticeMail, unverifiedAccountReminderMail } from '../retention.mails';

const ctx: MailContext = {
  publicUrl: 'https://samtalsmatch.example',
  companyName: 'Samtalsmatch AB',
  contactEmail: 'kontakt@samtalsmatch.example',
};
// 2026-03-29 10:00 UTC: the day summer time begins, 12:00 in Stockholm.
const removeAt = new Date('2026-03-29T10:00:00Z');

describe('the retention round mails (discreet)', () => {
  it.each([
    ['unverified registration', unverifiedAccountReminderMail(ctx, 'a@exempel.se', removeAt)],
    ['inactive answers', inactiveAnswersNoticeMail(ctx, 'a@exempel.se', 'Klara Klient', removeAt)],
  ])(
    '%s: says when in Stockholm time, links to sign in, names no therapist or problem',
    (_, mail) => {
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain(formatStockholm(removeAt));
        expect(body).toContain('söndag 29 mars 2026 kl. 12:00 (svensk tid)');
        expect(body).toContain('https://samtalsmatch.example/auth');
        expect(body).not.toMatch(/terapeut|psykolog|kurator|ångest|depression/i);
      }
      expect(mail.subject).not.toMatch(/terapeut|svar|frågeformulär/i);
    },
  );

  it('greets an unverified address with no name', () => {
    const mail = unverifiedAccountReminderMail(ctx, 'a@exempel.se', removeAt);
    expect(mail.text.startsWith('Hej!\n')).toBe(true);
  });
});
