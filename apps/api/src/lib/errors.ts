import { errorCatalog, type ErrorCode } from '@samtalsmatch/contracts';

/**
 * A domain error: services throw `new AppError('SLOT_TAKEN')`; the error
 * middleware turns the code into its HTTP status and Swedish message.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** SERIES_CONFLICT: the taken hours, answered as `conflicts`. */
  readonly conflicts: string[] | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      fieldErrors?: Record<string, string[]>;
      headers?: Record<string, string>;
      conflicts?: string[];
    } = {},
  ) {
    const entry = errorCatalog[code];
    super(options.message ?? entry.message);
    this.name = 'AppError';
    this.code = code;
    this.status = entry.status;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
    this.conflicts = options.conflicts;
  }
}

/**
 * The Postgres failure (SQLSTATE class 23, integrity, or 40, a lost race:
 * serialization failure, deadlock) somewhere in an error's causes; Drizzle
 * wraps the driver's error.
 */
export function databaseFailure(err: unknown): { code: string; constraint?: string } | null {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(23|40)/.test(code)) {
      return { code, constraint: (e as { constraint?: string }).constraint };
    }
  }
  return null;
}

/** A serialization failure (40001) or deadlock (40P01): the transaction rolled back whole. */
export function isLostRace(err: unknown): boolean {
  const code = databaseFailure(err)?.code;
  return code === '40001' || code === '40P01';
}
