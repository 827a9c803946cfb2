import { AppError } from '../../lib/errors';
import { isCommonPassword, MAX_PASSWORD_LENGTH } from '../../lib/passwords';
import { AUTH_MSG } from './messages';

/**
 * What only the server checks on top of the shared schema (SPEC §5 rules):
 * not one of the most common passwords, and not absurdly long. 400 with the
 * message on the password field.
 */
export function assertAcceptablePassword(password: string): void {
  const message =
    password.length > MAX_PASSWORD_LENGTH
      ? AUTH_MSG.passwordTooLong
      : isCommonPassword(password)
        ? AUTH_MSG.commonPassword
        : undefined;
  if (message) throw new AppError('VALIDATION', { message, fieldErrors: { password: [message] } });
}
