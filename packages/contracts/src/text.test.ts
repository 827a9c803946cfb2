import { describe, expect, it } from 'vitest';
import { registerSchema } from './auth';
import { saveAnswersSchema } from './answers';
import { confirmBookingSchema } from './bookings';
import { MSG } from './messages.sv';
import {
  containsFormatCharacter,
  containsLinkOrAddress,
  freeText,
  hasForbiddenControlChars,
  isInvisibleOnly,
} from './text';
import { z } from 'zod';
import { nameSchema } from './auth';
import { updateProviderProfileSchema } from './profiles';
import { rebookSchema } from './bookings';

describe('hasForbiddenControlChars', () => {
  it('refuses NUL, other C0 and C1 controls, DEL and the Unicode separators', () => {
    for (const c of [
      '\u0000',
      '\u0001',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u009f',
      '\u2028',
      '\u2029',
    ]) {
      expect(hasForbiddenControlChars(`Anna${c}Ek`)).toBe(true);
      expect(hasForbiddenControlChars(`Anna${c}Ek`, true)).toBe(true);
    }
  });

  it('keeps newline, carriage return and tab only in multi-line text', () => {
    for (const c of ['\n', '\r', '\t']) {
      expect(hasForbiddenControlChars(`rad${c}rad`)).toBe(true);
      expect(hasForbiddenControlChars(`rad${c}rad`, true)).toBe(false);
    }
  });

  it('accepts Swedish letters, emoji and punctuation', () => {
    expect(hasForbiddenControlChars('Åsa Öberg-Ärlig 😊 (KBT), "ok"?')).toBe(false);
  });
});

describe('the free-text rule', () => {
  const field = freeText(z.string().trim().min(1).max(100));
  const area = freeText(z.string().trim().max(100), { multiline: true });

  it('refuses bidirectional controls U+202A-U+202E and U+2066-U+2069', () => {
    for (let code = 0x202a; code <= 0x202e; code++) {
      expect(hasForbiddenControlChars(`Anna${String.fromCharCode(code)}Ek`)).toBe(true);
    }
    for (let code = 0x2066; code <= 0x2069; code++) {
      expect(hasForbiddenControlChars(`Anna${String.fromCharCode(code)}Ek`, true)).toBe(true);
    }
    expect(field.safeParse('Anna \u202Eetsev').error?.issues[0]?.message).toBe(
      MSG.controlCharacters,
    );
  });

  it('refuses a lone surrogate, keeps a whole pair (emoji)', () => {
    expect(hasForbiddenControlChars('a\uD83Db')).toBe(true);
    expect(hasForbiddenControlChars('a\uDE00b')).toBe(true);
    expect(hasForbiddenControlChars('a\uD83D\uDE00b')).toBe(false);
    expect(field.safeParse('Hej 😊').success).toBe(true);
  });

  it.each([
    ['zero-width space', '\u200B'],
    ['zero-width joiners, BOM and word joiner with a space', '\u200B \u200D\uFEFF\u2060'],
    ['left-to-right mark', '\u200E'],
    ['right-to-left mark', '\u200F'],
    ['Arabic letter mark', '\u061C'],
    ['invisible math operators', '\u2061\u2062\u2063\u2064'],
    ['Mongolian vowel separator', '\u180E'],
    ['combining grapheme joiner', '\u034F'],
    ['Hangul fillers', '\u3164\u115F\u1160\uFFA0'],
    ['variation selectors alone', '\uFE0F\uFE00'],
    ['a tag character', '\u{E0041}'],
    ['soft hyphen', '\u00AD'],
    ['blank Braille pattern', '\u2800'],
    ['no-break and ideographic spaces with a mark', '\u00A0\u3000\u200E'],
    ['newlines and marks', '\n\u200F\n'],
  ])('refuses %s as the whole content', (_, value) => {
    expect(isInvisibleOnly(value)).toBe(true);
    expect(field.safeParse(value).error?.issues[0]?.message).toBe(MSG.invisibleOnly);
    expect(area.safeParse(value).success).toBe(false);
  });

  it.each([
    ['an emoji with a zero-width joiner', '👩\u200D💻'],
    ['an emoji with a variation selector', '\u2764\uFE0F'],
    ['a family emoji', '👨\u200D👩\u200D👧'],
    ['a flag with tag characters', '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
    ['a soft hyphen inside a word', 'Sm\u00ADörgås'],
    ['a mark beside a name', '\u200EÅsa'],
    ['Swedish letters', 'Åsa Öberg-Ärlig'],
    ['one digit', '7'],
  ])('keeps %s', (_, value) => {
    expect(isInvisibleOnly(value)).toBe(false);
    expect(field.safeParse(value).success).toBe(true);
  });

  it('refuses content of invisible characters only, keeps them inside words', () => {
    expect(isInvisibleOnly('')).toBe(false);
    expect(field.safeParse('\u200B\u200B').error?.issues[0]?.message).toBe(MSG.invisibleOnly);
    expect(area.safeParse('\u200C').error?.issues[0]?.message).toBe(MSG.invisibleOnly);
    expect(area.safeParse('').success).toBe(true);
  });

  it('trims, and keeps Swedish letters and emoji', () => {
    expect(field.parse('  Åsa Öberg-Ärlig 🌿  ')).toBe('Åsa Öberg-Ärlig 🌿');
  });

  it('is the rule of every free-text field: name, profile texts, messages', () => {
    const bidi = 'Hej \u202Edlrow';
    expect(nameSchema.safeParse(bidi).success).toBe(false);
    expect(nameSchema.safeParse('\u200B').success).toBe(false);
    const profile = updateProviderProfileSchema.shape;
    for (const key of ['street', 'city', 'zip', 'description', 'personalAttributes'] as const) {
      expect(profile[key].safeParse(bidi).success, key).toBe(false);
    }
    expect(rebookSchema.shape.messageFromProvider.safeParse('\u2066hej\u2069').success).toBe(false);
    expect(rebookSchema.shape.messageFromProvider.parse('  Välkommen!  ')).toBe('Välkommen!');
  });
});

describe('containsLinkOrAddress', () => {
  it.each([
    'Ditt konto är spärrat, logga in på https://evil.example',
    'hxxp://x.y',
    'www.exempel',
    'anna@exempel.se',
    'Gå till bank.se nu',
    'Anna exempel.com',
    'login.samtalsmatch.nu.',
    'FTP://host',
  ])('finds a link or address in %j', (name) => {
    expect(containsLinkOrAddress(name)).toBe(true);
  });

  it.each(['Anna Lindqvist', 'J.R.R. Tolkien', 'A. Svensson', 'Dr. Ek', 'Åsa-Lena Öst', "O'Brien"])(
    'lets the name %j through',
    (name) => {
      expect(containsLinkOrAddress(name)).toBe(false);
    },
  );
});

describe('every free-text schema uses the rule', () => {
  it('refuses a NUL in a name with the Swedish message', () => {
    const result = registerSchema.safeParse({
      email: 'a@exempel.se',
      name: 'An\u0000na',
      password: 'Ljus-Fjäril-47',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(MSG.controlCharacters);
  });

  it('refuses a link in a name with the Swedish message', () => {
    const result = registerSchema.safeParse({
      email: 'a@exempel.se',
      name: 'Logga in på https://evil.example',
      password: 'Ljus-Fjäril-47',
    });
    expect(result.error?.issues.map((i) => i.message)).toContain(MSG.nameNoLinks);
  });

  it('keeps newlines in a message but refuses a NUL', () => {
    const time = '2030-01-01T10:00:00.000Z';
    expect(
      confirmBookingSchema.safeParse({
        confirmedTime: time,
        messageFromProvider: 'Hej!\nVälkommen',
      }).success,
    ).toBe(true);
    expect(
      confirmBookingSchema.safeParse({ confirmedTime: time, messageFromProvider: 'Hej\u0000' })
        .success,
    ).toBe(false);
  });

  it('refuses a NUL in an answer', () => {
    const questionId = '00000000-0000-4000-8000-000000000001';
    expect(saveAnswersSchema.safeParse([{ questionId, value: ['ok\u0000'] }]).success).toBe(false);
    expect(saveAnswersSchema.safeParse([{ questionId, value: ['ok\nok'] }]).success).toBe(true);
  });
});

describe('a name shows what it holds', () => {
  // docs/rules/accounts.md#names-show-what-they-hold
  it.each([
    ['zero-width space', '\u200B'],
    ['left-to-right mark', '\u200E'],
    ['right-to-left mark', '\u200F'],
    ['Arabic letter mark', '\u061C'],
    ['zero-width joiner', '\u200D'],
    ['word joiner', '\u2060'],
    ['byte order mark', '\uFEFF'],
    ['soft hyphen', '\u00AD'],
    ['invisible times', '\u2062'],
    ['a tag character', '\u{E0041}'],
  ])('refuses a %s inside a name, and never keeps one at its ends', (_, c) => {
    expect(containsFormatCharacter(`Anna${c}Lind`)).toBe(true);
    expect(nameSchema.safeParse(`Anna${c}Lind`).error?.issues.map((i) => i.message)).toEqual([
      MSG.nameInvisibleCharacters,
    ]);
    // At an end it is refused too, unless trimming took it away (the BOM is white space to trim).
    for (const name of [`${c}Anna Lind`, `Anna Lind${c}`]) {
      const result = nameSchema.safeParse(name);
      if (result.success) expect(containsFormatCharacter(result.data)).toBe(false);
      else expect(result.error.issues[0]?.message).toBe(MSG.nameInvisibleCharacters);
    }
  });

  it('keeps Swedish letters, hyphens, apostrophes and initials', () => {
    for (const name of ['Åsa Öberg-Ärlig', "O'Brien", 'J.R.R. Tolkien', 'Zoë Ñúñez']) {
      expect(containsFormatCharacter(name)).toBe(false);
      expect(nameSchema.safeParse(name).success).toBe(true);
    }
  });

  it('leaves the rule of other free text as it was: a mark beside visible text stays', () => {
    const profile = updateProviderProfileSchema.shape;
    expect(profile.street.safeParse('\u200EStorgatan 1').success).toBe(true);
    expect(profile.city.safeParse('Sm\u00ADörgås').success).toBe(true);
    expect(rebookSchema.shape.messageFromProvider.safeParse('Hej 👩\u200D💻').success).toBe(true);
  });
});
