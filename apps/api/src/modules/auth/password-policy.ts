import { checkPasswordGuessability, MSG, type PasswordOwner } from '@samtalsmatch/contracts';
import { AppError } from '../../lib/errors';

/**
 * What the server checks on top of the shared schema (its length and
 * character rules): the password is hard enough to guess, by the one rule in
 * packages/contracts (zxcvbn-ts with the service's name and the owner's name
 * and e-mail as user inputs; decision 195). 400 PASSWORD_TOO_WEAK with the
 * message on the password field.
 */
export async function assertAcceptablePassword(
  password: string,
  owner: PasswordOwner,
): Promise<void> {
  if ((await checkPasswordGuessability(password, owner)).acceptable) return;
  const message = MSG.passwordTooWeak;
  throw new AppError('PASSWORD_TOO_WEAK', { message, fieldErrors: { password: [message] } });
}
