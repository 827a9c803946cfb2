import { describe, expect, it } from 'vitest';
import {
  countWords,
  isAllowedProfileImage,
  providerProfileFormSchema,
  updateProviderProfileSchema,
  wordsRemaining,
} from './profiles';

const words = (n: number) => Array.from({ length: n }, (_, i) => `ord${i}`).join(' ');

const valid = {
  name: 'Eva Terapeut',
  email: 'eva@example.se',
  phoneNumber: '0701234567',
  street: 'Storgatan 1',
  city: 'Stockholm',
  zip: '111 22',
  title: ['PSYKOLOG'],
  description: words(200),
  education: ['MASTER'],
  price: 900,
  sessionDuration: 50,
  personalAttributes: 'lugn, varm, nyfiken',
  cancellationPolicy: 'TWENTY_FOUR_HOURS',
  meetingFormat: 'VIDEO',
  profileImageUrl: 'profiles/eva.png',
};

function messagesFor(value: unknown): Record<string, string[]> {
  const result = providerProfileFormSchema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('word helpers', () => {
  it('counts words separated by any whitespace', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  en  två\ntre\t fyra ')).toBe(4);
    expect(countWords(null)).toBe(0);
  });

  it('counts only words with a letter or digit: not dashes, dots or emoji alone', () => {
    expect(countWords('Jag – arbetar ... med 😊 KBT sedan 2010 .')).toBe(6);
    expect(countWords('- - - … … 😊 😊')).toBe(0);
    expect(countWords('Åsa: öppen, ärlig!')).toBe(3);
    expect(countWords(Array.from({ length: 250 }, () => '—').join(' '))).toBe(0);
  });
  it('gives the words remaining to 200, never negative', () => {
    expect(wordsRemaining(words(150))).toBe(50);
    expect(wordsRemaining(words(250))).toBe(0);
  });
});

describe('providerProfileFormSchema', () => {
  it('accepts a complete profile', () => {
    expect(messagesFor(valid)).toEqual({});
  });
  it('phone: +46 or 0 then nine digits, the first 1-9', () => {
    const msg = 'Telefonnummer måste vara i formatet +46701234567 eller 0701234567';
    expect(messagesFor({ ...valid, phoneNumber: '+46701234567' })).toEqual({});
    expect(messagesFor({ ...valid, phoneNumber: '0012345678' })).toEqual({ phoneNumber: [msg] });
    expect(messagesFor({ ...valid, phoneNumber: '070123456' })).toEqual({ phoneNumber: [msg] });
    expect(messagesFor({ ...valid, phoneNumber: '07012345678' })).toEqual({ phoneNumber: [msg] });
    expect(messagesFor({ ...valid, phoneNumber: '' })).toEqual({
      phoneNumber: ['Telefonnummer är obligatoriskt', msg],
    });
  });
  it('description needs 200 words', () => {
    expect(messagesFor({ ...valid, description: words(199) })).toEqual({
      description: ['Beskrivning måste vara minst 200 ord lång'],
    });
  });
  it('every other field has its Swedish message', () => {
    expect(
      messagesFor({
        ...valid,
        name: '',
        email: 'x',
        street: ' ',
        city: '',
        zip: '',
        title: [],
        education: [],
        price: 0,
        sessionDuration: -5,
        personalAttributes: '',
        cancellationPolicy: 'SOMETIMES',
        meetingFormat: 'TELEFON',
        profileImageUrl: '',
      }),
    ).toEqual({
      name: ['Namn är obligatoriskt'],
      email: ['Ogiltig e-postadress'],
      street: ['Gatuadress är obligatorisk'],
      city: ['Ort är obligatorisk'],
      zip: ['Postnummer är obligatoriskt'],
      title: ['Välj minst en titel'],
      education: ['Välj minst en utbildning'],
      price: ['Pris måste vara ett positivt tal'],
      sessionDuration: ['Sessionslängd måste vara ett positivt tal'],
      personalAttributes: ['Personliga egenskaper är obligatoriska'],
      cancellationPolicy: ['Välj en giltig avbokningspolicy'],
      meetingFormat: ['Välj mötesform'],
      profileImageUrl: ['Profilbild är obligatorisk'],
    });
  });
  it('the form requires the meeting format; the API payload may leave it out (older callers)', () => {
    const { meetingFormat: _omit, ...withoutFormat } = valid;
    expect(messagesFor(withoutFormat)).toEqual({ meetingFormat: ['Välj mötesform'] });
    const { profileImageUrl: _image, ...payload } = withoutFormat;
    expect(updateProviderProfileSchema.safeParse(payload).success).toBe(true);
    expect(
      updateProviderProfileSchema.safeParse({ ...payload, meetingFormat: 'BOTH' }).data,
    ).toMatchObject({ meetingFormat: 'BOTH' });
  });
  it('a missing number (NaN from an empty input) gets the Swedish message', () => {
    expect(messagesFor({ ...valid, price: Number.NaN })).toEqual({
      price: ['Pris måste vara ett positivt tal'],
    });
  });
  it('the API payload has no image field', () => {
    const { profileImageUrl: _omit, ...payload } = valid;
    expect(updateProviderProfileSchema.safeParse(payload).success).toBe(true);
    expect(Object.keys(updateProviderProfileSchema.shape)).not.toContain('profileImageUrl');
  });
});

describe('isAllowedProfileImage', () => {
  it('allows jpg, jpeg and png', () => {
    expect(isAllowedProfileImage('bild.JPG')).toBe(true);
    expect(isAllowedProfileImage('bild.jpeg', 'image/jpeg')).toBe(true);
    expect(isAllowedProfileImage('bild.png', 'image/png')).toBe(true);
    expect(isAllowedProfileImage('bild.gif', 'image/gif')).toBe(false);
    expect(isAllowedProfileImage('png')).toBe(false);
    expect(isAllowedProfileImage('bild.png', 'text/html')).toBe(false);
  });
});

describe('upper bounds', () => {
  it('caps price and session length with Swedish messages', () => {
    expect(messagesFor({ ...valid, price: 100_001, sessionDuration: 481 })).toEqual({
      price: ['Priset får vara högst 100 000 SEK.'],
      sessionDuration: ['Sessionslängden får vara högst 480 minuter.'],
    });
    expect(messagesFor({ ...valid, price: 850.5 })).toEqual({
      price: ['Pris måste vara ett positivt tal'],
    });
  });
});
