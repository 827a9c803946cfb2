import { MSG } from '@samtalsmatch/contracts';
import { escapeHtml } from '../../lib/html';
import type { MailMessage } from './outbox';

/** What every template needs to know about the service. */
export interface MailContext {
  publicUrl: string;
  companyName: string;
  contactEmail: string;
}

/** A link into the web app, always from PUBLIC_URL, never from a request's Host. */
export function appLink(ctx: MailContext, path: string): string {
  return `${ctx.publicUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

interface Part {
  /** A paragraph of text, or a call-to-action link. */
  p?: string;
  link?: { label: string; href: string };
}

/** One mail in both forms, from the same parts: plain text and simple HTML (bookings reuse it). */
export function compose(
  ctx: MailContext,
  to: string,
  subject: string,
  greeting: string,
  parts: Part[],
): MailMessage {
  const footer = `Med vänliga hälsningar\nSamtalsmatch`;
  const small = `Det här mejlet skickades automatiskt av ${ctx.companyName}. Frågor? Skriv till ${ctx.contactEmail}. Vi svarar inom 24 timmar.`;
  const textParts = parts.map((part) =>
    part.link ? `${part.link.label}:\n${part.link.href}` : (part.p ?? ''),
  );
  const text = [greeting, ...textParts, footer, '--', small].join('\n\n') + '\n';
  const htmlParts = parts.map((part) =>
    part.link
      ? `<p><a href="${escapeHtml(part.link.href)}" style="display:inline-block;padding:10px 18px;background:#2f5d50;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(part.link.label)}</a></p>` +
        `<p style="font-size:13px;color:#555">Fungerar inte knappen? Kopiera länken och klistra in den i webbläsaren:<br>${escapeHtml(part.link.href)}</p>`
      : `<p>${escapeHtml(part.p ?? '')}</p>`,
  );
  const html = `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2933;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${htmlParts.join('\n')}
<p>Med vänliga hälsningar<br>Samtalsmatch</p>
<hr style="border:none;border-top:1px solid #ddd">
<p style="font-size:12px;color:#666">${escapeHtml(small)}</p>
</body></html>
`;
  return { to, subject, text, html };
}

export function hello(name: string | null | undefined): string {
  return name?.trim() ? `Hej ${name.trim()}!` : 'Hej!';
}

/**
 * The name to greet the holder of an account's address with: none until the
 * address is verified. Whoever registers may type any name and any address,
 * so an unverified address gets the neutral 'Hej!' and never a stranger's
 * words (decision 120; names with links are refused by contracts too).
 */
export function greetingName(user: { name: string; emailVerifiedAt: Date | null }): string | null {
  return user.emailVerifiedAt ? user.name : null;
}

/** To an address nobody has verified yet: always the neutral greeting. */
export function verificationMail(ctx: MailContext, to: string, token: string): MailMessage {
  return compose(ctx, to, 'Bekräfta din e-postadress hos Samtalsmatch', hello(null), [
    {
      p: 'Tack för att du har registrerat dig hos Samtalsmatch. Bekräfta din e-postadress genom att öppna länken nedan.',
    },
    { link: { label: 'Bekräfta e-postadressen', href: appLink(ctx, `/verify-email/${token}`) } },
    {
      p: 'Länken gäller i 24 timmar och kan bara användas en gång. Har du inte registrerat dig kan du bortse från det här mejlet.',
    },
  ]);
}

/** Sent instead of a second account when someone registers an address that already has one. */
export function accountExistsMail(ctx: MailContext, to: string, name: string | null): MailMessage {
  return compose(ctx, to, 'Du har redan ett konto hos Samtalsmatch', hello(name), [
    {
      p: 'Någon, troligen du, försökte just registrera ett nytt konto med den här e-postadressen. Det finns redan ett konto för adressen, så inget nytt konto skapades.',
    },
    { link: { label: 'Logga in', href: appLink(ctx, '/auth') } },
    { p: 'Har du glömt ditt lösenord kan du välja ett nytt här:' },
    { link: { label: 'Återställ lösenordet', href: appLink(ctx, '/forgot-password') } },
    { p: 'Var det inte du kan du bortse från det här mejlet. Ditt konto är oförändrat.' },
  ]);
}

export function passwordResetMail(
  ctx: MailContext,
  to: string,
  name: string | null,
  token: string,
): MailMessage {
  return compose(ctx, to, 'Återställ ditt lösenord hos Samtalsmatch', hello(name), [
    {
      p: 'Vi har fått en begäran om att återställa lösenordet för ditt konto. Välj ett nytt lösenord via länken nedan.',
    },
    { link: { label: 'Välj nytt lösenord', href: appLink(ctx, `/reset-password/${token}`) } },
    {
      p: 'Länken gäller i 1 timme och kan bara användas en gång. Har du inte bett om detta kan du bortse från mejlet; ditt lösenord är oförändrat.',
    },
  ]);
}

/** Forgot-password for an account that signs in with BankID only. */
export function bankIdAccountMail(ctx: MailContext, to: string, name: string | null): MailMessage {
  return compose(ctx, to, 'Så loggar du in hos Samtalsmatch', hello(name), [
    {
      p: 'Vi har fått en begäran om att återställa lösenordet för den här e-postadressen. Ditt konto använder BankID för inloggning och har inget lösenord.',
    },
    { link: { label: 'Logga in med BankID', href: appLink(ctx, '/auth') } },
    { p: 'Har du inte bett om detta kan du bortse från mejlet.' },
  ]);
}

export function passwordChangedMail(
  ctx: MailContext,
  to: string,
  name: string | null,
): MailMessage {
  return compose(ctx, to, 'Ditt lösenord hos Samtalsmatch har ändrats', hello(name), [
    { p: 'Lösenordet för ditt konto har just ändrats och du har loggats ut på alla enheter.' },
    { p: `Var det inte du? Återställ lösenordet direkt och kontakta oss på ${ctx.contactEmail}.` },
    { link: { label: 'Återställ lösenordet', href: appLink(ctx, '/forgot-password') } },
  ]);
}

/** To the new, not yet verified address: the neutral greeting. */
export function emailChangeMail(ctx: MailContext, to: string, token: string): MailMessage {
  return compose(ctx, to, 'Bekräfta din nya e-postadress hos Samtalsmatch', hello(null), [
    {
      p: 'Du har bett om att byta e-postadress för ditt konto hos Samtalsmatch till den här adressen. Bekräfta bytet genom att öppna länken nedan.',
    },
    {
      link: {
        label: 'Bekräfta den nya e-postadressen',
        href: appLink(ctx, `/verify-email/${token}`),
      },
    },
    {
      p: 'Länken gäller i 24 timmar och kan bara användas en gång. Adressen byts först när du har bekräftat den. Har du inte bett om detta kan du bortse från det här mejlet.',
    },
  ]);
}

/** To an address that already belongs to an account, when someone asks to move another account to it. */
export function emailChangeTakenMail(ctx: MailContext, to: string): MailMessage {
  return compose(ctx, to, 'Någon försökte använda din e-postadress hos Samtalsmatch', 'Hej!', [
    {
      p: 'Någon försökte byta e-postadressen för ett annat konto hos Samtalsmatch till den här adressen. Adressen hör redan till ditt konto, så inget har ändrats.',
    },
    { p: `Har du frågor kan du kontakta oss på ${ctx.contactEmail}.` },
  ]);
}

/** To the old address once the change is done, with the link that undoes it (docs/rules/accounts.md#e-mail-change). */
export function emailChangedNoticeMail(
  ctx: MailContext,
  to: string,
  name: string | null,
  newEmail: string,
  undoToken: string,
): MailMessage {
  return compose(ctx, to, 'Din e-postadress hos Samtalsmatch har ändrats', hello(name), [
    {
      p: `E-postadressen för ditt konto hos Samtalsmatch har ändrats till ${newEmail}. Framtida mejl skickas dit.`,
    },
    {
      p: 'Var det inte du? Öppna länken nedan. Då får kontot tillbaka den här adressen och loggas ut på alla enheter, och du väljer ett nytt lösenord.',
    },
    {
      link: {
        label: 'Ångra bytet av e-postadress',
        href: appLink(ctx, `/undo-email-change/${undoToken}`),
      },
    },
    {
      p: `Länken gäller i 7 dagar och kan bara användas en gång. Har du frågor kan du kontakta oss på ${ctx.contactEmail}.`,
    },
  ]);
}

/** To the restored address once an e-mail change is undone. */
export function emailRestoredMail(ctx: MailContext, to: string, name: string | null): MailMessage {
  return compose(ctx, to, 'Din e-postadress hos Samtalsmatch har återställts', hello(name), [
    {
      p: 'Bytet av e-postadress har ångrats. Ditt konto använder åter den här adressen och har loggats ut på alla enheter.',
    },
    {
      p: 'Loggar du in med lösenord behöver du välja ett nytt innan du loggar in igen.',
    },
    { link: { label: 'Välj nytt lösenord', href: appLink(ctx, '/forgot-password') } },
    {
      p: `Tror du att någon annan har använt ditt konto? Kontakta oss på ${ctx.contactEmail}.`,
    },
  ]);
}

/** To a therapist once an admin has verified the account (docs/rules/admin.md#verification): once per change to verified. */
export function providerVerifiedMail(ctx: MailContext, to: string, name: string): MailMessage {
  return compose(ctx, to, 'Ditt konto hos Samtalsmatch är nu aktivt', hello(name), [
    {
      p: 'Vi har granskat dina uppgifter och verifierat ditt konto. Ditt konto är nu aktivt: klienter som matchar dig kan se din profil och skicka bokningsförfrågningar till dig.',
    },
    { link: { label: 'Gå till Samtalsmatch', href: appLink(ctx, '/dashboard') } },
    {
      p: 'Logga in med BankID som vanligt. Håll gärna dina tider uppdaterade under Tillgänglighet.',
    },
  ]);
}

/**
 * To a therapist whose claimed licensed title was not found in
 * Socialstyrelsen's register: which title, what to do, where to sign in.
 * A neutral subject, no client data.
 */
export function licenceNotRegisteredMail(
  ctx: MailContext,
  to: string,
  name: string,
  profession: string,
): MailMessage {
  return compose(ctx, to, 'En uppgift i din profil behöver ändras', hello(name), [
    {
      p: `Vi kontrollerar varje legitimerad titel i Socialstyrelsens register över legitimerad hälso- och sjukvårdspersonal. Vi hittade dig inte där som ${profession}.`,
    },
    {
      p: `Ta bort titeln ${profession} från din profil. Vi kan verifiera ditt konto först när profilen bara anger titlar som vi har kunnat kontrollera. Logga in med BankID och öppna Profil.`,
    },
    { link: { label: 'Logga in på Samtalsmatch', href: appLink(ctx, '/auth') } },
    {
      p: `Har du en legitimation som vi inte hittade, till exempel under ett annat namn? Skriv till ${ctx.contactEmail} så kontrollerar vi igen.`,
    },
  ]);
}

/**
 * An admin took the therapist's verification back: the account is paused.
 * Says what this means (no bookings, client data closed, open bookings
 * cancelled) and how to reach us; links to sign in.
 */
export function providerPausedMail(ctx: MailContext, to: string, name: string): MailMessage {
  return compose(ctx, to, 'Ditt konto hos Samtalsmatch är pausat', hello(name), [
    { p: MSG.accountPausedText },
    {
      p: `Har du frågor, eller vill du att vi granskar kontot igen? Skriv till ${ctx.contactEmail}.`,
    },
    { link: { label: 'Logga in på Samtalsmatch', href: appLink(ctx, '/dashboard') } },
  ]);
}
