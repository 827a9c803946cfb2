import { z } from 'zod';
import { MSG } from './messages.sv';

/**
 * Control characters (C0, DEL, C1) and the Unicode line and paragraph
 * separators: never part of a name, an address or a message. A NUL is
 * refused by PostgreSQL (a 500 before this rule); the others hide text,
 * break mail headers and logs.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;
/** The same, but a textarea keeps its newline (\n, \r) and tab. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/u;

/** True when `value` holds a character no free-text field accepts. */
export function hasForbiddenControlChars(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value);
}

/**
 * The one rule every free-text field of a request goes through: a one-line
 * field (names, addresses, answers) refuses every control character, a
 * textarea (descriptions, messages) keeps newline and tab.
 * 'Texten innehåller otillåtna tecken.'
 */
export function freeText(
  schema: z.ZodString = z.string(),
  { multiline = false }: { multiline?: boolean } = {},
) {
  return schema.refine((v) => !hasForbiddenControlChars(v, multiline), MSG.controlCharacters);
}

/**
 * Links and e-mail addresses in a person's name: a URL scheme, `www.`, an
 * `@`, or a domain-like word (`x.se`, `exempel.com`, `a.b.io`). A name is
 * mailed to whatever address registered it, so it must not carry a
 * phishing link. Initials with dots ("A. Svensson", "J.R.R.") stay allowed:
 * a domain needs a 2+ letter top-level label right after a dot, followed
 * by the end of the word.
 */
const LINK_IN_NAME =
  /(?:[a-z][a-z0-9+.-]*:\/\/|\bwww\.|@|[\p{L}\p{N}-]{1,63}\.[a-z]{2,24}(?![\p{L}\p{N}]))/iu;

export function containsLinkOrAddress(value: string): boolean {
  return LINK_IN_NAME.test(value);
}
