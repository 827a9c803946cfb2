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

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      fieldErrors?: Record<string, string[]>;
      headers?: Record<string, string>;
    } = {},
  ) {
    const entry = errorCatalog[code];
    super(options.message ?? entry.message);
    this.name = 'AppError';
    this.code = code;
    this.status = entry.status;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }
}
