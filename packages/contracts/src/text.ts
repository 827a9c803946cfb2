import type { z } from 'zod';
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

/**
 * Bidirectional embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069): they reorder how the text around them is shown, so a name
 * or a message could show something else than it says ("Trojan Source").
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * Half of a surrogate pair without its other half: not a character at all
 * (with the `u` flag a whole pair is one code point and does not match).
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/**
 * Characters that show nothing by themselves: every format character
 * (`\p{Cf}`: zero-width space and joiners, LRM/RLM, U+061C, the invisible
 * math operators U+2061-U+2064, U+180E, soft hyphen, BOM, tags), every other
 * default-ignorable code point (U+034F, the Hangul fillers, variation
 * selectors), white space, and the blank Braille pattern U+2800, which is
 * drawn as nothing. Inside visible text they are kept: an emoji's zero-width
 * joiner and variation selector, a soft hyphen in a long word.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{White_Space}\u2800]/gu;

/** True when `value` holds a character no free-text field accepts. */
export function hasForbiddenControlChars(value: string, multiline = false): boolean {
  return (
    (multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value) ||
    BIDI_CONTROL.test(value) ||
    LONE_SURROGATE.test(value)
  );
}

/** True when `value` has characters but none that shows (only invisible ones and spaces). */
export function isInvisibleOnly(value: string): boolean {
  return value !== '' && value.replace(INVISIBLE, '') === '';
}

/**
 * Refinements of a text run only on a text within its length bound: zod
 * runs a refinement even after `.max()` has failed, so without this a
 * 95 000-character name would still be scanned by every pattern below.
 * Put it on every refinement of a text that a request or a form carries.
 * Other failures (too short, say) still let it run, so a form shows every
 * message at once. See docs/rules/accounts.md#text-length-is-checked-first.
 */
export const WITHIN_BOUND = {
  when: (payload: { value: unknown; issues: readonly { code?: string }[] }) =>
    typeof payload.value === 'string' && !payload.issues.some((i) => i.code === 'too_big'),
} as const;

/**
 * The one rule every free-text field of a request goes through (never
 * passwords): the caller's schema trims and bounds the length (a schema
 * without an upper bound is refused when the module loads); this refuses
 * control characters (a one-line field every one, a textarea keeps newline
 * and tab), bidirectional controls and lone surrogates ('Texten innehåller
 * otillåtna tecken.'), and content of invisible characters only (format
 * and other default-ignorable characters and white space: 'Texten får inte
 * bestå av enbart osynliga tecken.'). Emoji and Swedish letters pass. Both
 * checks run only on a text within its bound (WITHIN_BOUND).
 */
export function freeText(schema: z.ZodString, { multiline = false }: { multiline?: boolean } = {}) {
  if (schema.maxLength === null) {
    throw new Error('freeText needs a schema with an upper length bound (.max)');
  }
  return schema
    .refine((v) => !hasForbiddenControlChars(v, multiline), {
      message: MSG.controlCharacters,
      ...WITHIN_BOUND,
    })
    .refine((v) => !isInvisibleOnly(v), { message: MSG.invisibleOnly, ...WITHIN_BOUND });
}

/**
 * Links and e-mail addresses in a person's name: a URL scheme's `://`,
 * `www.`, an `@`, or a domain-like word (`x.se`, `exempel.com`, `a.b.io`).
 * A name is mailed to whatever address registered it, so it must not carry
 * a phishing link. Initials with dots ("A. Svensson", "J.R.R.") stay
 * allowed: a domain needs a 2+ letter top-level label right after a dot,
 * followed by the end of the word.
 *
 * Linear in the length of the name: no unbounded quantifier can retry from
 * every start position (a scheme is found by its `://`, not by reading the
 * letters before it, and the label before a domain's dot is one character,
 * which matches wherever a longer label would). See
 * docs/rules/accounts.md#every-pattern-is-linear.
 */
const LINK_IN_NAME = /:\/\/|\bwww\.|@|[\p{L}\p{N}-]\.[a-z]{2,24}(?![\p{L}\p{N}])/iu;

export function containsLinkOrAddress(value: string): boolean {
  return LINK_IN_NAME.test(value);
}

/**
 * Unicode format characters (General_Category Cf: zero-width space and
 * joiners, LRM/RLM U+200E/U+200F, the Arabic letter mark U+061C, soft
 * hyphen, BOM, tags...) show nothing, so a name holding one could look
 * exactly like someone else's. Names refuse them anywhere; other free text
 * keeps them inside visible text (docs/rules/accounts.md#names-show-what-they-hold).
 */
const FORMAT_CHARACTER = /\p{Cf}/u;

/** True when `value` holds a Unicode format character anywhere. */
export function containsFormatCharacter(value: string): boolean {
  return FORMAT_CHARACTER.test(value);
}
