import { eq, sql } from 'drizzle-orm';
import { providerProfiles, users, type Executor } from '@samtalsmatch/db';
import type { UpdateProviderProfileInput } from '@samtalsmatch/contracts';
import type { UserRow } from '../../lib/auth-session';

/** The user's row, locked for the rest of the transaction (two saves run one after the other). */
export async function lockUser(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row;
}

export async function findProfileImageKey(
  db: Executor,
  userId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ key: providerProfiles.profileImageKey })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, userId))
    .limit(1);
  return row?.key;
}

/**
 * Contact details, and USER_CREATED → PROFILE_COMPLETED (any later step
 * stays: steps never move backwards). `email` is set only for a first
 * address (unverified until its link is opened).
 */
export async function updateProviderContact(
  db: Executor,
  userId: string,
  values: { phoneNumber: string; street: string; city: string; zip: string; firstEmail?: string },
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      phoneNumber: values.phoneNumber,
      street: values.street,
      city: values.city,
      zip: values.zip,
      ...(values.firstEmail
        ? { email: values.firstEmail, emailVerifiedAt: null, emailSetAt: sql`now()` }
        : {}),
      onboardingStep: sql`case when ${users.onboardingStep} = 'USER_CREATED' then 'PROFILE_COMPLETED'::onboarding_step else ${users.onboardingStep} end`,
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

export async function upsertProviderProfile(
  db: Executor,
  userId: string,
  input: UpdateProviderProfileInput,
  profileImageKey: string,
): Promise<void> {
  const values = {
    title: input.title,
    description: input.description,
    education: input.education,
    price: input.price,
    sessionDuration: input.sessionDuration,
    personalAttributes: input.personalAttributes,
    cancellationPolicy: input.cancellationPolicy,
    profileImageKey,
    // Left out by a caller from before the field existed: the saved value stays.
    ...(input.meetingFormat ? { meetingFormat: input.meetingFormat } : {}),
  };
  await db
    .insert(providerProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: providerProfiles.userId, set: values });
}

/** Points an existing profile at a new image; false when there is no profile yet. */
export async function setProfileImageKey(
  db: Executor,
  userId: string,
  key: string,
): Promise<boolean> {
  const rows = await db
    .update(providerProfiles)
    .set({ profileImageKey: key })
    .where(eq(providerProfiles.userId, userId))
    .returning({ userId: providerProfiles.userId });
  return rows.length > 0;
}
