import { z } from 'zod';
import { emailSchema, nameSchema } from '@samtalsmatch/contracts';
import { users, type Executor } from '@samtalsmatch/db';
import type { SsnCrypto } from '../../lib/crypto';
import { normalisePersonnummer } from '../../lib/personnummer';
import { normalizeEmail } from '../users/users.repository';

/** `pnpm admin:create` input; the personnummer must be valid (date and check digit). */
export const createAdminInputSchema = z.object({
  personnummer: z
    .string({ error: 'Ange ett personnummer (--personnummer).' })
    .refine((v) => normalisePersonnummer(v) !== null, 'Personnumret är inte giltigt.'),
  name: nameSchema,
  email: emailSchema,
});
export type CreateAdminInput = z.infer<typeof createAdminInputSchema>;

export class AdminAccountExistsError extends Error {
  constructor() {
    super('Det finns redan ett konto med det personnumret eller den e-postadressen.');
    this.name = 'AdminAccountExistsError';
  }
}

/**
 * Creates an ADMIN account that signs in with BankID only: no password, the
 * personnummer encrypted and its keyed hash for the lookup at sign-in.
 * Never through the web: only the `admin:create` command (and tests) call it.
 */
export async function createAdminAccount(
  db: Executor,
  crypto: SsnCrypto,
  input: CreateAdminInput,
): Promise<{ id: string; name: string; email: string }> {
  const parsed = createAdminInputSchema.parse(input);
  const ssn = normalisePersonnummer(parsed.personnummer)!;
  const [row] = await db
    .insert(users)
    .values({
      type: 'ADMIN',
      name: parsed.name,
      email: normalizeEmail(parsed.email),
      emailVerifiedAt: new Date(),
      passwordHash: null,
      onboardingStep: 'ONBOARDING_COMPLETED',
      ssnEncrypted: crypto.encrypt(ssn),
      ssnHash: crypto.hash(ssn),
    })
    .onConflictDoNothing()
    .returning({ id: users.id, name: users.name, email: users.email });
  if (!row) throw new AdminAccountExistsError();
  return { id: row.id, name: row.name, email: row.email! };
}
