import argon2 from 'argon2';
import { addStockholmDays, claimedLicensedTitles, CONSENT_TEXTS } from '@samtalsmatch/contracts';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { DbHandle, Executor } from '../client';
import { withSetupLock } from '../migrate';
import * as schema from '../schema/index';
import {
  answers,
  appMeta,
  availabilitySlots,
  consents,
  images,
  licenceChecks,
  providerProfiles,
  questionOptions,
  questions,
  users,
} from '../schema/index';
import { DEMO_ADMIN, DEMO_CLIENTS, DEMO_PASSWORDS, DEMO_PROVIDERS, type DemoAnswer } from './demo';
import { PORTRAIT_SIZE, renderPortrait } from './portraits';
import { QUESTIONNAIRE } from './questionnaire';
import { weekdaySlots } from './slots';

/** How old the demo therapists' licence checks are at seed time. */
export const DEMO_LICENCE_CHECK_AGE_DAYS = 14;

export {
  DEMO_ADMIN,
  DEMO_CLIENTS,
  DEMO_PASSWORDS,
  DEMO_PROVIDER_IDENTITIES,
  DEMO_PROVIDERS,
} from './demo';
export { ANY, NONE, OTHER, QUESTIONNAIRE } from './questionnaire';
export { PORTRAIT_SIZE, portraitNames, renderPortrait } from './portraits';

export interface SeedResult {
  questions: number;
  demo: 'seeded' | 'already-seeded' | 'skipped';
}

/** app_meta key whose presence means the demo accounts were created in this database. */
export const DEMO_SEEDED_KEY = 'demo_seeded';

/** The API's password parameters (apps/api/src/lib/passwords.ts): OWASP's argon2id minimum. */
const ARGON2_PARAMS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

function hashPassword(password: string): Promise<string> {
  return argon2.hash(password.normalize('NFC'), ARGON2_PARAMS);
}

/**
 * Seeds the questionnaire (always; idempotent) and, when asked, the demo
 * accounts (once per database, remembered in app_meta).
 */
export async function seedDatabase(
  handle: DbHandle,
  options: { demoData: boolean },
): Promise<SeedResult> {
  return withSetupLock(handle.pool, async (client) => {
    // Everything on the connection that holds the lock.
    const db = drizzle(client, { schema, casing: 'snake_case' });
    const questionIds = await db.transaction((tx) => upsertQuestionnaire(tx));
    const result = { questions: questionIds.size };
    if (!options.demoData) return { ...result, demo: 'skipped' };

    const [seeded] = await db
      .select({ key: appMeta.key })
      .from(appMeta)
      .where(eq(appMeta.key, DEMO_SEEDED_KEY));
    if (seeded) return { ...result, demo: 'already-seeded' };

    // Hash before the transaction: argon2 is deliberately slow.
    const hashes = {
      providers: await Promise.all(DEMO_PROVIDERS.map(() => hashPassword(DEMO_PASSWORDS.provider))),
      clients: await Promise.all(DEMO_CLIENTS.map(() => hashPassword(DEMO_PASSWORDS.client))),
    };
    // Rasterise the portraits before the transaction too (sharp work).
    const portraits = await Promise.all(
      DEMO_PROVIDERS.map((p) => renderPortrait(p.profile.portrait)),
    );
    await db.transaction((tx) => seedDemoData(tx, questionIds, hashes, portraits, new Date()));
    return { ...result, demo: 'seeded' };
  });
}

/** Inserts or updates every question (by key) and its options (by value). Returns key → id. */
async function upsertQuestionnaire(tx: Executor): Promise<Map<string, string>> {
  const keys = QUESTIONNAIRE.map((q) => q.key);
  // Free the order numbers first, so a reordering never trips unique("order").
  await tx
    .update(questions)
    .set({ order: sql`-${questions.order}` })
    .where(inArray(questions.key, keys));

  const ids = new Map<string, string>();
  for (const [index, q] of QUESTIONNAIRE.entries()) {
    const fields = {
      order: index + 1,
      type: q.type,
      clientText: q.clientText,
      providerText: q.providerText,
      clientDescription: q.clientDescription,
      providerDescription: q.providerDescription,
      description: q.description,
      hasImportanceScale: q.hasImportanceScale,
    };
    const [row] = await tx
      .insert(questions)
      .values({ key: q.key, ...fields })
      .onConflictDoUpdate({ target: questions.key, set: fields })
      .returning({ id: questions.id });
    const questionId = row!.id;
    ids.set(q.key, questionId);

    await tx
      .insert(questionOptions)
      .values(q.options.map((o, i) => ({ questionId, order: i + 1, ...o })))
      .onConflictDoUpdate({
        target: [questionOptions.questionId, questionOptions.value],
        set: {
          order: sql`excluded."order"`,
          label: sql`excluded.label`,
          userType: sql`excluded.user_type`,
        },
      });
    // Options dropped from the questionnaire disappear (answers keep their text values).
    await tx.delete(questionOptions).where(
      and(
        eq(questionOptions.questionId, questionId),
        notInArray(
          questionOptions.value,
          q.options.map((o) => o.value),
        ),
      ),
    );
  }
  // The matching bitmasks index options and questions by their order: rebuild them (decision 140).
  await tx.execute(sql`select refresh_matching_vectors(null)`);
  return ids;
}

async function seedDemoData(
  tx: Executor,
  questionIds: Map<string, string>,
  hashes: { providers: string[]; clients: string[] },
  portraits: Buffer[],
  now: Date,
): Promise<void> {
  const answerRows = (userId: string, list: readonly DemoAnswer[]) =>
    list.map((a) => {
      const questionId = questionIds.get(a.key);
      if (!questionId) throw new Error(`demo answer for unknown question "${a.key}"`);
      return { userId, questionId, value: a.value, importance: a.importance ?? null };
    });

  // An address that is already taken (someone registered it) is left alone.
  await tx
    .insert(users)
    .values({
      type: 'ADMIN',
      name: DEMO_ADMIN.name,
      email: DEMO_ADMIN.email,
      emailVerifiedAt: now,
      // No password: admins sign in with BankID only. The personnummer
      // (DEMO_ADMIN.personnummer) is encrypted and linked by the API.
      passwordHash: null,
      onboardingStep: 'ONBOARDING_COMPLETED',
    })
    .onConflictDoNothing();
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, DEMO_ADMIN.email), eq(users.type, 'ADMIN')));

  const slots = weekdaySlots(now, { days: 28, firstHour: 8, lastHour: 16 });
  for (const [i, p] of DEMO_PROVIDERS.entries()) {
    const [user] = await tx
      .insert(users)
      .values({
        type: 'PROVIDER',
        name: p.name,
        email: p.email,
        emailVerifiedAt: now,
        passwordHash: hashes.providers[i]!,
        phoneNumber: p.phoneNumber,
        street: p.street,
        zip: p.zip,
        city: p.city,
        onboardingStep: 'ONBOARDING_COMPLETED',
        // The personnummer (DEMO_PROVIDER_IDENTITIES) is encrypted and linked by the API.
        ssnEncrypted: null,
        ssnHash: null,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) continue;
    // The profile image lives where uploads do (the API's images table, decision 150).
    const { portrait: _portrait, ...profile } = p.profile;
    const png = portraits[i]!;
    const [image] = await tx
      .insert(images)
      .values({
        ownerId: user.id,
        contentType: 'image/png',
        data: png,
        byteSize: png.length,
        width: PORTRAIT_SIZE,
        height: PORTRAIT_SIZE,
      })
      .returning({ key: images.key });
    await tx.insert(providerProfiles).values({
      userId: user.id,
      ...profile,
      profileImageKey: image!.key,
      isVerified: p.isVerified,
      verifiedAt: p.isVerified ? now : null,
    });
    // The verified demo therapists come with their licence checks, made two weeks
    // before the seed, so the clients' badges show from the first start.
    const licensed = p.isVerified ? claimedLicensedTitles(p.profile.title) : [];
    if (licensed.length > 0) {
      await tx.insert(licenceChecks).values(
        licensed.map((title) => ({
          providerId: user.id,
          title,
          registered: true,
          checkedAt: addStockholmDays(now, -DEMO_LICENCE_CHECK_AGE_DAYS),
          checkedBy: admin?.id ?? null,
        })),
      );
    }
    await tx.insert(answers).values(answerRows(user.id, p.answers));
    await tx
      .insert(availabilitySlots)
      .values(slots.map((s) => ({ providerId: user.id, ...s, status: 'AVAILABLE' as const })));
  }

  for (const [i, c] of DEMO_CLIENTS.entries()) {
    const [user] = await tx
      .insert(users)
      .values({
        type: 'CLIENT',
        name: c.name,
        email: c.email,
        emailVerifiedAt: now,
        passwordHash: hashes.clients[i]!,
        onboardingStep: c.onboardingStep,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user || c.answers.length === 0) continue;
    await tx.insert(answers).values(answerRows(user.id, c.answers));
    // Answers are kept only with a recorded consent (docs/rules/privacy.md#questionnaire-consent).
    await tx.insert(consents).values({
      userId: user.id,
      kind: 'QUESTIONNAIRE',
      version: CONSENT_TEXTS.QUESTIONNAIRE.version,
    });
  }

  await tx
    .insert(appMeta)
    .values({ key: DEMO_SEEDED_KEY, value: now.toISOString() })
    .onConflictDoNothing();
}
