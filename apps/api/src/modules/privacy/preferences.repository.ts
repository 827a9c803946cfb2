import { eq } from 'drizzle-orm';
import type { Preferences } from '@samtalsmatch/contracts';
import { users, type Executor } from '@samtalsmatch/db';

/** The preference columns of a user row (the session's user has them all). */
export type PreferenceColumns = Pick<
  typeof users.$inferSelect,
  'discreetMail' | 'discreetMailChangedAt' | 'discreetMailDialogVersion'
>;

/** A user's preferences as the API shows them. */
export function preferencesOf(user: Pick<PreferenceColumns, 'discreetMail'>): Preferences {
  return { discreetMail: user.discreetMail };
}

/**
 * Stores the discreet-mail choice with its time and, when turning it off,
 * the version of the dialog the user read (cleared when turning it on).
 */
export async function saveDiscreetMail(
  db: Executor,
  userId: string,
  discreetMail: boolean,
  dialogVersion: number | null,
): Promise<Preferences> {
  const [row] = await db
    .update(users)
    .set({
      discreetMail,
      discreetMailChangedAt: new Date(),
      discreetMailDialogVersion: discreetMail ? null : dialogVersion,
    })
    .where(eq(users.id, userId))
    .returning({ discreetMail: users.discreetMail });
  return preferencesOf(row!);
}
