import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { serializeError } from './log-redaction';

export type { Logger };

/**
 * Where the lines go: human-readable (pino-pretty, one line per event, local
 * time) when a person reads the terminal, JSON otherwise (a file, a pipe, a
 * log collector). `server.ts` asks with `process.stdout.isTTY`.
 */
export function logDestination(tty: boolean, output: NodeJS.WritableStream = process.stdout) {
  if (!tty) return undefined;
  return pretty({
    destination: output,
    colorize: output === process.stdout && Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
    sync: true,
  });
}

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
    // Every logged error, wherever it comes from: no query parameters, row
    // values or bodies (lib/log-redaction.ts).
    serializers: { err: serializeError, error: serializeError },
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
        // Request bodies and query parameters never reach the log.
        'body',
        'params',
        'parameters',
        'query',
        '*.body',
        '*.params',
        '*.parameters',
        '*.query',
      ],
      remove: true,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

const TOKEN_SEGMENT = /\/[A-Za-z0-9_-]{20,}(?=\/|$)/g;
/** A calendar feed's secret, whatever follows it or how it is spelt (decision 463). */
const CALENDAR_FEED_SECRET = /\/calendar\/[^/]+/gi;
const PERSONNUMMER = /\b\d{6,8}[-+]?\d{4}\b/g;

/** The path of a URL with tokens and personnummer replaced, and no query string. */
export function redactPath(url: string): string {
  const pathOnly = url.split('?')[0] ?? '';
  return pathOnly
    .replace(CALENDAR_FEED_SECRET, '/calendar/:secret')
    .replace(TOKEN_SEGMENT, '/:token')
    .replace(PERSONNUMMER, ':ssn');
}
