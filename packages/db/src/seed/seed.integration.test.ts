import argon2 from 'argon2';
import { asc, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { claimedLicensedTitles, isLicenceCheckCurrent } from '@samtalsmatch/contracts';
import { createTestDatabase } from '../../../../apps/api/src/test/template';
import { createDb, type DbHandle } from '../client';
import {
  answers,
  appMeta,
  availabilitySlots,
  images,
  licenceChecks,
  providerProfiles,
  questionOptions,
  questions,
  users,
} from '../schema/index';
import {
  DEMO_ADMIN,
  DEMO_CLIENTS,
  DEMO_PASSWORDS,
  DEMO_PROVIDER_IDENTITIES,
  DEMO_PROVIDERS,
  DEMO_SEEDED_KEY,
  PORTRAIT_SIZE,
  QUESTIONNAIRE,
  portraitNames,
  renderPortrait,
  seedDatabase,
} from './index';
import { stockholmWallClock } from './slots';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh database cloned from the migrated template (questionnaire seeded, no users). */
async function freshDatabase(): Promise<DbHandle> {
  const database = await createTestDatabase();
  const handle = createDb(database.url, { max: 4 });
  cleanups.push(async () => {
    await handle.close();
    await database.drop();
  });
  return handle;
}

async function countOf(handle: DbHandle, table: typeof users | typeof questions) {
  const [row] = await handle.db.select({ n: count() }).from(table);
  return row!.n;
}

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

describe('seedDatabase without demo data', () => {
  it('seeds the questionnaire and no users, and does it again without change', async () => {
    const handle = await freshDatabase();
    expect(await seedDatabase(handle, { demoData: false })).toEqual({
      questions: 5,
      demo: 'skipped',
    });
    expect(await seedDatabase(handle, { demoData: false })).toEqual({
      questions: 5,
      demo: 'skipped',
    });
    expect(await countOf(handle, users)).toBe(0);
    expect(await countOf(handle, questions)).toBe(5);
    const [meta] = await handle.db.select().from(appMeta).where(eq(appMeta.key, DEMO_SEEDED_KEY));
    expect(meta).toBeUndefined();
  });

  it('has the questionnaire in order, with Swedish texts and any/other/none options', async () => {
    const handle = await freshDatabase();
    const rows = await handle.db.select().from(questions).orderBy(asc(questions.order));
    expect(rows.map((q) => [q.order, q.key, q.type])).toEqual([
      [1, 'age', 'SINGLE_CHOICE'],
      [2, 'language', 'MULTISELECT'],
      [3, 'therapy_methods', 'MULTISELECT'],
      [4, 'problem_areas', 'MULTISELECT'],
      [5, 'knowledge_areas', 'MULTISELECT'],
    ]);
    expect(rows[0]).toMatchObject({
      clientText: 'Vilken åldersgrupp tillhör du?',
      providerText: 'Vilka åldersgrupper arbetar du med?',
    });
    const options = await handle.db.select().from(questionOptions);
    const byQuestion = (key: string) => {
      const id = rows.find((q) => q.key === key)!.id;
      return options.filter((o) => o.questionId === id);
    };
    expect(byQuestion('therapy_methods')).toContainEqual(
      expect.objectContaining({
        value: 'any',
        label: 'Vet inte / ingen preferens',
        userType: 'CLIENT',
      }),
    );
    expect(byQuestion('problem_areas')).toContainEqual(
      expect.objectContaining({ value: 'other', userType: 'CLIENT' }),
    );
    expect(byQuestion('knowledge_areas').map((o) => o.value)).toEqual(
      expect.arrayContaining(['any', 'none']),
    );
    for (const q of rows) expect(byQuestion(q.key).length).toBeGreaterThanOrEqual(5);
  });

  it('puts back a changed text, a changed order and a dropped option, and removes a stray option', async () => {
    const handle = await freshDatabase();
    const [age] = await handle.db.select().from(questions).where(eq(questions.key, 'age'));
    await handle.db
      .update(questions)
      .set({ clientText: 'Fel text' })
      .where(eq(questions.key, 'age'));
    // Swap the orders of two questions (through a free number).
    await handle.db.update(questions).set({ order: 99 }).where(eq(questions.key, 'language'));
    await handle.db.update(questions).set({ order: 2 }).where(eq(questions.key, 'age'));
    await handle.db.update(questions).set({ order: 1 }).where(eq(questions.key, 'language'));
    await handle.db.delete(questionOptions).where(eq(questionOptions.value, '65+'));
    await handle.db
      .insert(questionOptions)
      .values({ questionId: age!.id, order: 9, value: 'gammal', label: 'Gammalt alternativ' });

    await seedDatabase(handle, { demoData: false });

    const rows = await handle.db.select().from(questions).orderBy(asc(questions.order));
    expect(rows.map((q) => q.key)).toEqual(QUESTIONNAIRE.map((q) => q.key));
    expect(rows[0]!.id).toBe(age!.id);
    expect(rows[0]!.clientText).toBe('Vilken åldersgrupp tillhör du?');
    const ageOptions = await handle.db
      .select()
      .from(questionOptions)
      .where(eq(questionOptions.questionId, age!.id))
      .orderBy(asc(questionOptions.order));
    expect(ageOptions.map((o) => o.value)).toEqual(['18-24', '25-34', '35-49', '50-64', '65+']);
  });
});

describe('seedDatabase with demo data', () => {
  it('seeds the demo accounts once, even when two processes start at the same time', async () => {
    const handle = await freshDatabase();
    const results = await Promise.all([
      seedDatabase(handle, { demoData: true }),
      seedDatabase(handle, { demoData: true }),
    ]);
    expect(results.map((r) => r.demo).sort()).toEqual(['already-seeded', 'seeded']);
    expect(await seedDatabase(handle, { demoData: true })).toEqual({
      questions: 5,
      demo: 'already-seeded',
    });

    const all = await handle.db.select().from(users);
    expect(all.filter((u) => u.type === 'ADMIN')).toHaveLength(1);
    expect(all.filter((u) => u.type === 'PROVIDER')).toHaveLength(4);
    expect(all.filter((u) => u.type === 'CLIENT')).toHaveLength(2);
    expect(await countOf(handle, questions)).toBe(5);

    // Once seeded, the demo data is not recreated after being deleted.
    await handle.db.delete(users).where(eq(users.type, 'CLIENT'));
    expect((await seedDatabase(handle, { demoData: true })).demo).toBe('already-seeded');
    expect(await handle.db.select().from(users).where(eq(users.type, 'CLIENT'))).toEqual([]);
  });

  it('creates complete, consistent demo accounts', async () => {
    const handle = await freshDatabase();
    const before = Date.now();
    await seedDatabase(handle, { demoData: true });

    const all = await handle.db.select().from(users);
    const byEmail = new Map(all.map((u) => [u.email!, u]));
    const check = async (email: string, password: string, type: string, step: string) => {
      const user = byEmail.get(email);
      expect(user, email).toMatchObject({ type, onboardingStep: step, ssnHash: null });
      expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
      expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await argon2.verify(user!.passwordHash!, password)).toBe(true);
      return user!;
    };
    // The admin signs in with BankID only: no password at all.
    expect(byEmail.get(DEMO_ADMIN.email)).toMatchObject({
      type: 'ADMIN',
      onboardingStep: 'ONBOARDING_COMPLETED',
      passwordHash: null,
      ssnHash: null,
    });
    for (const c of DEMO_CLIENTS)
      await check(c.email, DEMO_PASSWORDS.client, 'CLIENT', c.onboardingStep);

    const questionRows = await handle.db.select().from(questions);
    const allAnswers = await handle.db.select().from(answers);
    const optionRows = await handle.db.select().from(questionOptions);
    const validValues = (questionId: string, userType: 'CLIENT' | 'PROVIDER') =>
      optionRows
        .filter(
          (o) => o.questionId === questionId && (o.userType === 'BOTH' || o.userType === userType),
        )
        .map((o) => o.value);

    const profiles = await handle.db.select().from(providerProfiles);
    expect(profiles.filter((p) => p.isVerified)).toHaveLength(3);
    const portraitsSeen = new Set<string>();
    for (const p of DEMO_PROVIDERS) {
      const user = await check(
        p.email,
        DEMO_PASSWORDS.provider,
        'PROVIDER',
        'ONBOARDING_COMPLETED',
      );
      expect(user).toMatchObject({ phoneNumber: expect.stringMatching(/^(\+46|0)[1-9]\d{8}$/) });
      expect(user.street && user.city && user.zip).toBeTruthy();
      const profile = profiles.find((x) => x.userId === user.id);
      expect(profile).toMatchObject({ isVerified: p.isVerified });
      expect(words(profile!.description)).toBeGreaterThanOrEqual(200);
      // The description keeps its paragraphs.
      expect(profile!.description.split('\n\n').length).toBeGreaterThanOrEqual(3);
      expect(profile!.meetingFormat).toBe(p.profile.meetingFormat);
      expect(profile!.price).toBeGreaterThan(0);
      // The verified therapists come with a registered check of each licensed title, made by the admin.
      const checks = await handle.db
        .select()
        .from(licenceChecks)
        .where(eq(licenceChecks.providerId, user.id));
      const licensed = p.isVerified ? claimedLicensedTitles(p.profile.title) : [];
      expect(checks.map((c) => c.title).sort()).toEqual([...licensed].sort());
      for (const c of checks) {
        expect(c).toMatchObject({ registered: true, checkedBy: byEmail.get(DEMO_ADMIN.email)!.id });
        expect(isLicenceCheckCurrent(c.checkedAt, before)).toBe(true);
      }
      // The portrait is stored like an upload: an images row the profile points at,
      // holding the therapist's own drawing rasterised (no metadata).
      const [image] = await handle.db
        .select()
        .from(images)
        .where(eq(images.key, profile!.profileImageKey));
      expect(image).toMatchObject({
        ownerId: user.id,
        contentType: 'image/png',
        width: PORTRAIT_SIZE,
        height: PORTRAIT_SIZE,
        byteSize: image!.data.length,
      });
      const meta = await sharp(image!.data).metadata();
      expect(meta).toMatchObject({ format: 'png', width: PORTRAIT_SIZE, height: PORTRAIT_SIZE });
      expect(meta.exif).toBeUndefined();
      expect(image!.data.equals(await renderPortrait(p.profile.portrait))).toBe(true);
      portraitsSeen.add(image!.data.toString('base64'));

      const mine = allAnswers.filter((a) => a.userId === user.id);
      expect(mine).toHaveLength(5);
      for (const a of mine) {
        expect(a.importance).toBeNull();
        expect(validValues(a.questionId, 'PROVIDER')).toEqual(expect.arrayContaining(a.value));
      }
    }

    const [withAnswers, withoutAnswers] = DEMO_CLIENTS.map((c) => byEmail.get(c.email)!);
    const clientAnswers = allAnswers.filter((a) => a.userId === withAnswers!.id);
    expect(clientAnswers).toHaveLength(5);
    for (const a of clientAnswers) {
      const question = questionRows.find((q) => q.id === a.questionId)!;
      expect(validValues(a.questionId, 'CLIENT')).toEqual(expect.arrayContaining(a.value));
      if (!question.hasImportanceScale || a.value.includes('any')) expect(a.importance).toBeNull();
      else expect(a.importance).not.toBeNull();
    }
    expect(allAnswers.filter((a) => a.userId === withoutAnswers!.id)).toEqual([]);

    // Availability: weekdays, 08:00-16:00 Stockholm, one hour each, from tomorrow for 4 weeks.
    const slots = await handle.db.select().from(availabilitySlots);
    const providerIds = new Set(all.filter((u) => u.type === 'PROVIDER').map((u) => u.id));
    expect(new Set(slots.map((s) => s.providerId))).toEqual(providerIds);
    const today = stockholmWallClock(new Date(before));
    const todayUtc = Date.UTC(today.year, today.month - 1, today.day);
    for (const s of slots) {
      expect(s.status).toBe('AVAILABLE');
      expect(s.endTime.getTime() - s.startTime.getTime()).toBe(3_600_000);
      const wall = stockholmWallClock(s.startTime);
      expect(wall.minute).toBe(0);
      expect(wall.hour).toBeGreaterThanOrEqual(8);
      expect(wall.hour).toBeLessThanOrEqual(15);
      const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
      expect([1, 2, 3, 4, 5]).toContain(day.getUTCDay());
      const daysAhead = (day.getTime() - todayUtc) / 86_400_000;
      expect(daysAhead).toBeGreaterThanOrEqual(1);
      expect(daysAhead).toBeLessThanOrEqual(28);
    }
    // 20 weekdays in any 28 days, 8 slots each.
    const [perProvider] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(availabilitySlots)
      .where(eq(availabilitySlots.providerId, [...providerIds][0]!));
    expect(perProvider!.n).toBe(160);
  });

  it('draws each demo therapist their own portrait, and keeps no drawing nobody uses', async () => {
    const names = DEMO_PROVIDERS.map((p) => p.profile.portrait);
    expect(new Set(names).size).toBe(DEMO_PROVIDERS.length);
    expect([...names].sort()).toEqual(portraitNames());
    await expect(renderPortrait('../paths')).rejects.toThrow(/not a portrait name/);
  });

  it('lists a valid test personnummer for every demo provider and the demo admin', () => {
    expect(DEMO_PROVIDER_IDENTITIES.map((d) => d.email)).toEqual(
      DEMO_PROVIDERS.map((p) => p.email),
    );
    const luhn = (digits: string) =>
      [...digits].reverse().reduce((sum, ch, i) => {
        let d = Number(ch) * (i % 2 === 1 ? 2 : 1);
        if (d > 9) d -= 9;
        return sum + d;
      }, 0) %
        10 ===
      0;
    for (const { personnummer } of [...DEMO_PROVIDER_IDENTITIES, DEMO_ADMIN]) {
      expect(personnummer).toMatch(/^19[5-9]\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{4}$/);
      expect(luhn(personnummer.slice(2)), personnummer).toBe(true);
    }
    expect(new Set([...DEMO_PROVIDER_IDENTITIES, DEMO_ADMIN].map((d) => d.personnummer)).size).toBe(
      5,
    );
  });
});
