/**
 * How long a neutral answer (forgot password, resend verification, change
 * e-mail) takes at least. Without it, a known address (a token, an outbox
 * row, a transaction) answered measurably slower than an unknown one (one
 * SELECT), which told an attacker which addresses have accounts. The floor
 * is well above the slowest normal path, so both take the same time.
 */
export const NEUTRAL_ANSWER_MS = 300;

/** Runs `work` and answers no earlier than `ms` after it started. Errors are not delayed. */
export async function withMinimumDuration<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const left = ms - (performance.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return result;
}
