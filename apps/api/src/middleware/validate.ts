import { z } from 'zod';
import { swedishZodError } from '@samtalsmatch/contracts';
import { AppError } from '../lib/errors';

// Zod's English defaults in Swedish, the same map as the web app's (contracts/zod-sv.ts):
// every 400 the API sends is Swedish, also for a wrong type or a missing field.
z.config({ customError: swedishZodError });

/** `fieldErrors` keyed by dotted path, with the schema's Swedish messages. */
function toFieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Parses one part of the request with a contracts schema; 400 on failure. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const fieldErrors = toFieldErrors(result.error);
    const first = result.error.issues[0]?.message;
    throw new AppError('VALIDATION', { fieldErrors, ...(first ? { message: first } : {}) });
  }
  return result.data;
}
