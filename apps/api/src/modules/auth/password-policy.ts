import { AppError } from '../../lib/errors';
import { isCommonPassword } from '../../lib/passwords';
import { AUTH_MSG } from './messages';

/**
 * What only the server checks on top of the shared schema (SPEC §5 rules; the
 * length limits live in packages/contracts): not one of the most common
 * passwords. 400 with the message on the password field.
 */
export function assertAcceptablePassword(password: string): void {
  if (!isCommonPassword(password)) return;
  const message = AUTH_MSG.commonPassword;
  throw new AppError('VALIDATION', { message, fieldErrors: { password: [message] } });
}
