import { formatStockholm } from '@samtalsmatch/contracts';
import type { MailMessage } from '../mail/outbox';
import { appLink, compose, hello, type MailContext } from '../mail/templates';

/*
 * The retention round's mails (docs/rules/privacy.md#retention). Discreet like every mail:
 * they name no one, no profession and no problem area; they say what will
 * happen and when (Stockholm time, "(svensk tid)") and link to sign in.
 */

/** A week before an unverified registration is removed: to the unverified address, neutral greeting. */
export function unverifiedAccountReminderMail(
  ctx: MailContext,
  to: string,
  removeAt: Date,
): MailMessage {
  return compose(ctx, to, 'Bekräfta din e-postadress hos Samtalsmatch', hello(null), [
    {
      p: `Ett konto hos Samtalsmatch registrerades med den här e-postadressen, men adressen har inte bekräftats. Kontot och allt som sparats i det tas bort ${formatStockholm(removeAt)} om adressen inte har bekräftats innan dess.`,
    },
    {
      p: 'Vill du behålla kontot? Logga in och be om ett nytt bekräftelsemejl. Var det inte du som registrerade dig behöver du inte göra något.',
    },
    { link: { label: 'Logga in på Samtalsmatch', href: appLink(ctx, '/auth') } },
  ]);
}

/** A month before a client's answers are removed for inactivity. */
export function inactiveAnswersNoticeMail(
  ctx: MailContext,
  to: string,
  name: string | null,
  removeAt: Date,
): MailMessage {
  return compose(ctx, to, 'Logga in för att behålla dina uppgifter hos Samtalsmatch', hello(name), [
    {
      p: `Du har inte loggat in på Samtalsmatch på länge. Vi sparar inte uppgifter längre än vi behöver, så dina svar på frågeformuläret och dina rekommendationer tas bort ${formatStockholm(removeAt)} om du inte loggar in innan dess.`,
    },
    {
      p: 'Loggar du in behålls allt som det är. Ditt konto och dina tidigare bokningar påverkas inte.',
    },
    { link: { label: 'Logga in på Samtalsmatch', href: appLink(ctx, '/auth') } },
  ]);
}
