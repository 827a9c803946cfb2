import { and, eq, gt, gte, inArray, isNull } from 'drizzle-orm';
import { oneTimeTokens, type Executor } from '@samtalsmatch/db';
import { generateToken, hashToken, isWellFormedToken } from '../../lib/tokens';

export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;

const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  EMAIL_VERIFICATION: 24 * 3_600_000,
  EMAIL_CHANGE: 24 * 3_600_000,
  PASSWORD_RESET: 3_600_000,
  // The owner of the old address may be away for a while.
  EMAIL_CHANGE_UNDO: 7 * 24 * 3_600_000,
};

/**
 * Purposes whose earlier links stay valid when a new one is issued: after
 * two changes, the first address must still be able to undo (a second
 * change by whoever took the account must not revoke the owner's link).
 */
const KEEPS_EARLIER: ReadonlySet<TokenPurpose> = new Set(['EMAIL_CHANGE_UNDO']);

/**
 * Creates a token for `purpose` and returns it in clear text (it goes into
 * one e-mail and nowhere else; only its SHA-256 is stored). Earlier unused
 * tokens of the same user and purpose stop working: only the newest link does
 * (except KEEPS_EARLIER).
 */
export async function issueToken(
  db: Executor,
  userId: string,
  purpose: TokenPurpose,
  data: Record<string, string> = {},
): Promise<string> {
  if (!KEEPS_EARLIER.has(purpose)) await revokeTokens(db, userId, purpose);
  const token = generateToken();
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    data,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/**
 * Uses a token up, atomically: the row is marked used only if it exists,
 * has one of `purposes`, is unused and unexpired. Undefined for a forged,
 * expired or already used token (the caller answers all three alike).
 */
export async function consumeToken(
  db: Executor,
  token: string,
  purposes: TokenPurpose[],
): Promise<OneTimeTokenRow | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        inArray(oneTimeTokens.purpose, purposes),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

/**
 * Whether a token could be consumed now (exists, has one of `purposes`, is
 * unused and unexpired), without using it up: the same conditions as
 * consumeToken, read only.
 */
export async function isUsableToken(
  db: Executor,
  token: string,
  purposes: TokenPurpose[],
): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const [row] = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        inArray(oneTimeTokens.purpose, purposes),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Unused tokens of a purpose stop working: all of them (after a reset: the
 * other reset links), or those issued at or after `since` (the links of
 * later changes).
 */
export async function revokeTokens(
  db: Executor,
  userId: string,
  purpose: TokenPurpose,
  since?: Date,
): Promise<void> {
  await db
    .delete(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        since ? gte(oneTimeTokens.createdAt, since) : undefined,
      ),
    );
}
