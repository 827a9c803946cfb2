import { MSG } from '@samtalsmatch/contracts';
import { ApiRequestError } from './api-client';

/** SPEC §8: 429 → its own text; 400/409/422 → the server's message; anything else → generic. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) return MSG.tooManyRequests;
    if ([400, 409, 422].includes(error.status) && error.message) return error.message;
  }
  return MSG.genericError;
}
