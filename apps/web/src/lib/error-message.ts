import { MSG } from '@samtalsmatch/contracts';
import { toast } from '@/lib/toast';
import { ApiRequestError } from './api-client';

const SERVER_MESSAGE_STATUSES = [400, 409, 422];

export interface ErrorMessageOptions {
  /**
   * Further statuses whose server message is meant for the user, e.g. 401 on
   * the login call itself ('wrong e-mail or password' is not a lost session).
   */
  alsoShowServerMessageFor?: readonly number[];
}

/** 429 → its own text; 400/409/422 → the server's message; anything else → generic (docs/rules/accounts.md#errors). */
export function errorMessage(error: unknown, options: ErrorMessageOptions = {}): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) return MSG.tooManyRequests;
    const statuses = [...SERVER_MESSAGE_STATUSES, ...(options.alsoShowServerMessageFor ?? [])];
    if (statuses.includes(error.status) && error.fromServer && error.message) {
      return error.message;
    }
  }
  return MSG.genericError;
}

/**
 * The one shared error handler (docs/rules/accounts.md#errors): shows the message of
 * `errorMessage` as an error toast. The same text never stacks twice.
 */
export function handleApiError(error: unknown, options: ErrorMessageOptions = {}): string {
  const message = errorMessage(error, options);
  toast.error(message, { id: message });
  return message;
}
