import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. Nothing personal is logged: request logs carry the
 * method, a redacted path, the status and the request id, never bodies,
 * cookies, query strings, e-mail addresses or personnummer.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers',
        'password',
        'email',
        'ssn',
        'token',
        '*.password',
        '*.email',
        '*.ssn',
        '*.token',
      ],
      remove: true,
    },
  };
  // A destination (tests read what was logged); stdout otherwise.
  return destination ? pino(options, destination) : pino(options);
}

const TOKEN_SEGMENT = /\/[A-Za-z0-9_-]{20,}(?=\/|$)/g;
const PERSONNUMMER = /\b\d{6,8}[-+]?\d{4}\b/g;

/** The path of a URL with tokens and personnummer replaced, and no query string. */
export function redactPath(url: string): string {
  const pathOnly = url.split('?')[0] ?? '';
  return pathOnly.replace(TOKEN_SEGMENT, '/:token').replace(PERSONNUMMER, ':ssn');
}
