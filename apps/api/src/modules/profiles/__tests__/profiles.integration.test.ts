import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { EMAIL_CHANGE_BANKID_MAX_AGE_MS, MSG } from '@samtalsmatch/contracts';
import { oneTimeTokens, providerProfiles, users } from '@samtalsmatch/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import {
  lastMailTo,
  mailbox,
  signedInClient,
  tokenFrom,
  uniqueEmail,
  markBankIdSignIn,
} from '../../../test/accounts';
import { createProvider, forgetEmail, signedInProvider } from '../../../test/provider-accounts';
import { makeImage, uploadImage } from '../../../test/uploads';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const DESCRIPTION = Array.from({ length: 200 }, (_, i) => `ord${i}`).join(' ');

function payload(email: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Eva Terapeut',
    email,
    phoneNumber: '0701234567',
    street: 'Storgatan 1',
    city: 'Uppsala',
    zip: '753 20',
    title: ['PSYKOLOG', 'PSYKOTERAPEUT'],
    description: DESCRIPTION,
    education: ['MASTER'],
    price: 950,
    sessionDuration: 50,
    personalAttributes: 'lugn, nyfiken, varm',
    cancellationPolicy: 'FORTY_EIGHT_HOURS',
    ...overrides,
  };
}

/** A signed-in USER_CREATED provider who has uploaded an image. */
async function newProvider(options: Parameters<typeof signedInProvider>[2] = {}) {
  const client = new TestClient(server.baseUrl);
  const me = await signedInProvider(server, client, options);
  const up = await uploadImage(client, server.baseUrl, await makeImage('jpeg'), {
    filename: 'jag.jpg',
  });
  expect(up.status).toBe(201);
  return { client, me };
}

async function userRow(id: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

interface SaveAnswer {
  user: {
    name: string;
    email: string | null;
    emailVerified: boolean;
    onboardingStep: string;
    phoneNumber: string;
    address: { street: string; city: string; zip: string };
    profile: Record<string, unknown> & { profileImageSignedUrl: string | null };
  };
  pendingEmail: string | null;
}

describe('PATCH /api/profiles/provider: saving', () => {
  it('saves every field, moves USER_CREATED to PROFILE_COMPLETED and signs the image URL', async () => {
    const { client, me } = await newProvider();
    const res = await client.patch('/api/profiles/provider', payload(me.email));
    expect(res.status).toBe(200);
    const body = (await res.json()) as SaveAnswer;
    expect(body.pendingEmail).toBeNull();
    expect(body.user).toMatchObject({
      email: me.email,
      onboardingStep: 'PROFILE_COMPLETED',
      phoneNumber: '0701234567',
      address: { street: 'Storgatan 1', city: 'Uppsala', zip: '753 20' },
      profile: {
        title: ['PSYKOLOG', 'PSYKOTERAPEUT'],
        description: DESCRIPTION,
        education: ['MASTER'],
        price: 950,
        sessionDuration: 50,
        personalAttributes: 'lugn, nyfiken, varm',
        cancellationPolicy: 'FORTY_EIGHT_HOURS',
        isVerified: false,
      },
    });
    const image = await fetch(`${server.baseUrl}${body.user.profile.profileImageSignedUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    // GET /users/me shows the same, with a signed URL too.
    const meRes = (await (await client.get('/api/users/me')).json()) as SaveAnswer['user'];
    expect(meRes.onboardingStep).toBe('PROFILE_COMPLETED');
    expect(meRes.profile.profileImageSignedUrl).toMatch(/^\/api\/images\//);
  });

  it('defaults the cancellation policy to 24 hours', async () => {
    const { client, me } = await newProvider();
    const { cancellationPolicy: _omit, ...rest } = payload(me.email);
    const res = await client.patch('/api/profiles/provider', rest);
    expect(res.status).toBe(200);
    expect(((await res.json()) as SaveAnswer).user.profile.cancellationPolicy).toBe(
      'TWENTY_FOUR_HOURS',
    );
  });

  it('saves the meeting format when sent, keeps it when left out (older callers), refuses an unknown one', async () => {
    const { client, me } = await newProvider();
    let res = await client.patch('/api/profiles/provider', payload(me.email));
    expect(((await res.json()) as SaveAnswer).user.profile.meetingFormat).toBeNull();
    res = await client.patch(
      '/api/profiles/provider',
      payload(me.email, { meetingFormat: 'IN_PERSON' }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as SaveAnswer).user.profile.meetingFormat).toBe('IN_PERSON');
    res = await client.patch('/api/profiles/provider', payload(me.email, { price: 800 }));
    expect(((await res.json()) as SaveAnswer).user.profile.meetingFormat).toBe('IN_PERSON');
    res = await client.patch(
      '/api/profiles/provider',
      payload(me.email, { meetingFormat: 'TELEFON' }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fieldErrors: { meetingFormat: ['Välj mötesform'] } });
    const [row] = await server.database.db
      .select()
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, me.id));
    expect([row!.meetingFormat, row!.price]).toEqual(['IN_PERSON', 800]);
  });

  it('never moves the step backwards: a save at QUESTIONS_COMPLETED or ONBOARDING_COMPLETED keeps it', async () => {
    for (const step of ['QUESTIONS_COMPLETED', 'ONBOARDING_COMPLETED'] as const) {
      const { client, me } = await newProvider({ step, profile: true });
      const res = await client.patch('/api/profiles/provider', payload(me.email, { price: 1200 }));
      expect(res.status).toBe(200);
      expect(((await res.json()) as SaveAnswer).user).toMatchObject({
        onboardingStep: step,
        profile: { price: 1200 },
      });
    }
  });

  it('refuses a changed name with 400 on `name` (it is BankID’s) and writes nothing; the unchanged one passes', async () => {
    const { client, me } = await newProvider();
    for (const name of ['Någon Annan', 'Eva Terapeutsson', 'eva terapeut']) {
      const res = await client.patch('/api/profiles/provider', payload(me.email, { name }));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'VALIDATION',
        message: 'Namnet kommer från BankID och kan inte ändras här.',
        fieldErrors: { name: ['Namnet kommer från BankID och kan inte ändras här.'] },
      });
      const row = await userRow(me.id);
      expect(row.name).toBe('Eva Terapeut');
      expect(row.onboardingStep).toBe('USER_CREATED');
    }
    // The form always sends the name it shows; surrounding spaces are trimmed.
    const res = await client.patch(
      '/api/profiles/provider',
      payload(me.email, { name: '  Eva Terapeut ' }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as SaveAnswer).user.name).toBe('Eva Terapeut');
  });

  it('takes the same name written with composed or decomposed letters as unchanged', async () => {
    const { client, me } = await newProvider();
    const composed = '\u00C5sa \u00D6berg';
    await server.database.db.update(users).set({ name: composed }).where(eq(users.id, me.id));
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const res = await client.patch(
      '/api/profiles/provider',
      payload(me.email, { name: decomposed }),
    );
    expect(res.status).toBe(200);
    expect((await userRow(me.id)).name).toBe(composed);
  });

  it.each([
    ['a bidirectional override in the description', { description: `\u202E${DESCRIPTION}` }],
    ['a lone surrogate in the city', { city: 'Upp\uD800sala' }],
    ['zero-width characters only as the street', { street: '\u200B\u200B' }],
    [
      '200 "words" of dashes as the description',
      { description: Array.from({ length: 210 }, () => '–').join(' ') },
    ],
  ])('refuses %s with a Swedish 400 and writes nothing', async (_, change) => {
    const { client, me } = await newProvider();
    const res = await client.patch('/api/profiles/provider', payload(me.email, change));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fieldErrors: Record<string, string[]> };
    const [field] = Object.keys(change);
    expect(body.fieldErrors[field!]?.[0]).toMatch(/[a-zåäö]/i);
    expect((await userRow(me.id)).onboardingStep).toBe('USER_CREATED');
  });

  it('keeps emoji and Swedish letters in the texts', async () => {
    const { client, me } = await newProvider();
    const res = await client.patch(
      '/api/profiles/provider',
      payload(me.email, { personalAttributes: 'lugn 🌿, nyfiken, ärlig – öppen' }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as SaveAnswer).user.profile.personalAttributes).toBe(
      'lugn 🌿, nyfiken, ärlig – öppen',
    );
  });

  it('requires a profile image before the first save (nothing written)', async () => {
    const client = new TestClient(server.baseUrl);
    const me = await signedInProvider(server, client);
    const res = await client.patch('/api/profiles/provider', payload(me.email));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: 'Profilbild är obligatorisk',
      fieldErrors: { profileImageUrl: ['Profilbild är obligatorisk'] },
    });
    const row = await userRow(me.id);
    expect(row).toMatchObject({ onboardingStep: 'USER_CREATED', phoneNumber: null });
  });

  it('keeps the uploaded image on later saves without a new upload', async () => {
    const { client, me } = await newProvider();
    const first = (await (
      await client.patch('/api/profiles/provider', payload(me.email))
    ).json()) as SaveAnswer;
    const second = (await (
      await client.patch('/api/profiles/provider', payload(me.email, { city: 'Lund' }))
    ).json()) as SaveAnswer;
    expect(second.user.profile.profileImageUrl).toBe(first.user.profile.profileImageUrl);
    expect(second.user.address.city).toBe('Lund');
  });

  it('is for providers only: 401 signed out, 403 for a client, and needs the CSRF token', async () => {
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.patch('/api/profiles/provider', payload('a@b.se'))).status).toBe(401);
    const client = new TestClient(server.baseUrl);
    const email = await signedInClient(server, client);
    const res = await client.patch('/api/profiles/provider', payload(email));
    expect(res.status).toBe(403);
    const { client: provider, me } = await newProvider();
    const noCsrf = await provider.patch('/api/profiles/provider', payload(me.email), {
      csrf: false,
    });
    expect(noCsrf.status).toBe(403);
  });
});

describe('PATCH /api/profiles/provider: every rule of the profile, with its Swedish message', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['phone missing', { phoneNumber: '' }, 'phoneNumber', 'Telefonnummer är obligatoriskt'],
    [
      'phone starting 00',
      { phoneNumber: '0012345678' },
      'phoneNumber',
      'Telefonnummer måste vara i formatet +46701234567 eller 0701234567',
    ],
    [
      'phone +46 then 0',
      { phoneNumber: '+46012345678' },
      'phoneNumber',
      'Telefonnummer måste vara i formatet +46701234567 eller 0701234567',
    ],
    [
      'phone too short',
      { phoneNumber: '070123456' },
      'phoneNumber',
      'Telefonnummer måste vara i formatet +46701234567 eller 0701234567',
    ],
    [
      'phone too long',
      { phoneNumber: '+467012345678' },
      'phoneNumber',
      'Telefonnummer måste vara i formatet +46701234567 eller 0701234567',
    ],
    [
      'phone with a letter',
      { phoneNumber: '070123456a' },
      'phoneNumber',
      'Telefonnummer måste vara i formatet +46701234567 eller 0701234567',
    ],
    ['e-mail invalid', { email: 'inte-en-adress' }, 'email', 'Ogiltig e-postadress'],
    ['street missing', { street: '  ' }, 'street', 'Gatuadress är obligatorisk'],
    ['city missing', { city: '' }, 'city', 'Ort är obligatorisk'],
    ['zip missing', { zip: '' }, 'zip', 'Postnummer är obligatoriskt'],
    ['no title', { title: [] }, 'title', 'Välj minst en titel'],
    ['no education', { education: [] }, 'education', 'Välj minst en utbildning'],
    [
      '199 words',
      { description: DESCRIPTION.split(' ').slice(1).join(' ') },
      'description',
      'Beskrivning måste vara minst 200 ord lång',
    ],
    ['price 0', { price: 0 }, 'price', 'Pris måste vara ett positivt tal'],
    ['price negative', { price: -100 }, 'price', 'Pris måste vara ett positivt tal'],
    ['price not whole', { price: 99.5 }, 'price', 'Pris måste vara ett positivt tal'],
    ['price as text', { price: '900' }, 'price', 'Pris måste vara ett positivt tal'],
    [
      'duration 0',
      { sessionDuration: 0 },
      'sessionDuration',
      'Sessionslängd måste vara ett positivt tal',
    ],
    [
      'duration not whole',
      { sessionDuration: 45.5 },
      'sessionDuration',
      'Sessionslängd måste vara ett positivt tal',
    ],
    [
      'personal attributes missing',
      { personalAttributes: '' },
      'personalAttributes',
      'Personliga egenskaper är obligatoriska',
    ],
    [
      'unknown policy',
      { cancellationPolicy: 'SOMETIMES' },
      'cancellationPolicy',
      'Välj en giltig avbokningspolicy',
    ],
  ];

  it.each(cases)('%s: 400 on %s', async (_label, override, field, message) => {
    const { client, me } = await newProvider();
    const res = await client.patch('/api/profiles/provider', payload(me.email, override));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors[field]).toContain(message);
    // Nothing was written.
    expect(await userRow(me.id)).toMatchObject({ onboardingStep: 'USER_CREATED', city: null });
  });

  it('accepts +46 numbers and exactly 200 words', async () => {
    const { client, me } = await newProvider();
    const res = await client.patch(
      '/api/profiles/provider',
      payload(me.email, { phoneNumber: '+46812345678' }),
    );
    expect(res.status).toBe(200);
  });

  it('refuses a missing name field like the form does', async () => {
    const { client, me } = await newProvider();
    const { name: _n, ...rest } = payload(me.email);
    const res = await client.patch('/api/profiles/provider', rest);
    expect(res.status).toBe(400);
    expect(
      ((await res.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.name,
    ).toEqual(['Namn är obligatoriskt']);
  });
});

describe('PATCH /api/profiles/provider: the e-mail address', () => {
  it('answers 409 "E-postadressen är redan registrerad." for another account’s address, in any case, and writes nothing', async () => {
    const other = await createProvider(server);
    const { client, me } = await newProvider();
    const res = await client.patch(
      '/api/profiles/provider',
      payload(other.email.toUpperCase(), { city: 'Malmö' }),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      message: 'E-postadressen är redan registrerad.',
      status: 409,
      fieldErrors: { email: ['E-postadressen är redan registrerad.'] },
    });
    expect(await userRow(me.id)).toMatchObject({ email: me.email, city: null });
    expect(await mailbox(server.baseUrl, other.email)).toHaveLength(0);
  });

  it('refuses to move an existing address without a fresh BankID sign-in, writing and mailing nothing', async () => {
    const { client, me } = await newProvider();
    const newEmail = uniqueEmail('ny');
    const refused = await client.patch(
      '/api/profiles/provider',
      payload(newEmail, { city: 'Malmö' }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'REAUTHENTICATION_REQUIRED',
      message: MSG.bankIdReauthRequired,
      fieldErrors: { email: [MSG.bankIdReauthRequired] },
    });
    expect(await userRow(me.id)).toMatchObject({ email: me.email, city: null });
    expect(await mailbox(server.baseUrl, newEmail)).toHaveLength(0);
    // A BankID sign-in older than the limit does not count either.
    await markBankIdSignIn(server, client, Date.now() - EMAIL_CHANGE_BANKID_MAX_AGE_MS - 1000);
    expect((await client.patch('/api/profiles/provider', payload(newEmail))).status).toBe(400);
  });

  it('keeps the verified address until the new one is confirmed by its mailed link', async () => {
    const { client, me } = await newProvider();
    await markBankIdSignIn(server, client);
    const newEmail = uniqueEmail('ny');
    const res = await client.patch('/api/profiles/provider', payload(newEmail));
    expect(res.status).toBe(200);
    const body = (await res.json()) as SaveAnswer;
    expect(body.pendingEmail).toBe(newEmail);
    expect(body.user).toMatchObject({ email: me.email, emailVerified: true });
    expect(await userRow(me.id)).toMatchObject({ email: me.email });

    const token = tokenFrom(await lastMailTo(server.baseUrl, newEmail), 'verify-email');
    expect((await client.get(`/api/auth/verify-email/${token}`)).status).toBe(200);
    expect(await userRow(me.id)).toMatchObject({ email: newEmail });
    // The old address is told.
    expect(await mailbox(server.baseUrl, me.email)).not.toHaveLength(0);
  });

  it('saving the current address again withdraws a waiting change', async () => {
    const { client, me } = await newProvider();
    await markBankIdSignIn(server, client);
    const newEmail = uniqueEmail('ny');
    await client.patch('/api/profiles/provider', payload(newEmail));
    const token = tokenFrom(await lastMailTo(server.baseUrl, newEmail), 'verify-email');
    const again = await client.patch('/api/profiles/provider', payload(me.email));
    expect(((await again.json()) as SaveAnswer).pendingEmail).toBeNull();
    expect((await client.get(`/api/auth/verify-email/${token}`)).status).toBe(400);
    expect(await userRow(me.id)).toMatchObject({ email: me.email });
  });

  it('a provider without an address (first BankID sign-in) gets it saved, unverified, with a verification mail', async () => {
    const { client, me } = await newProvider();
    await forgetEmail(server, me.id);
    const email = uniqueEmail('forsta');
    const res = await client.patch('/api/profiles/provider', payload(email));
    expect(res.status).toBe(200);
    const body = (await res.json()) as SaveAnswer;
    expect(body.pendingEmail).toBeNull();
    expect(body.user).toMatchObject({ email, emailVerified: false });
    const token = tokenFrom(await lastMailTo(server.baseUrl, email), 'verify-email');
    expect((await client.get(`/api/auth/verify-email/${token}`)).status).toBe(200);
    expect((await userRow(me.id)).emailVerifiedAt).not.toBeNull();
    const waiting = await server.database.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, me.id), isNull(oneTimeTokens.usedAt)));
    expect(waiting).toHaveLength(0);
  });

  it('stores the profile once, however often it is saved', async () => {
    const { client, me } = await newProvider();
    await client.patch('/api/profiles/provider', payload(me.email));
    await client.patch('/api/profiles/provider', payload(me.email, { price: 700 }));
    const rows = await server.database.db
      .select()
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, me.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.price).toBe(700);
  });
});
