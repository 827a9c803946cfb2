/**
 * What an error may say in the log. A failed query's error carries its
 * parameters (Drizzle's message and `params`, PostgreSQL's `detail` with
 * "Failing row contains (...)" or "Key (email)=(...)"), and an error of a
 * request may carry its body: e-mail addresses, password hashes, tokens.
 * Every error is logged through this serializer (pino `serializers.err`),
 * so no call site can forget it: only the error's kind, code, the query
 * text with its placeholders, and the stack frames are kept.
 */

/** Fields that describe an error without any value from a request or a row. */
const SAFE_FIELDS = [
  'code',
  'status',
  'statusCode',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
] as const;

const MAX_CAUSE_DEPTH = 5;

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/** Drizzle: "Failed query: <sql>\nparams: <values>": the values go. */
function redactMessage(message: string): string {
  const at = message.search(/\n?params:/);
  return at === -1 ? message : `${message.slice(0, at)}\nparams: [redacted]`;
}

/** The stack's frames only: its first line repeats the (unredacted) message. */
function framesOnly(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length ? frames.join('\n') : undefined;
}

export function serializeError(value: unknown, depth = 0): SerializedError | unknown {
  if (!(value instanceof Error)) {
    if (value && typeof value === 'object') return { type: 'NonError', message: '[redacted]' };
    return value;
  }
  const source = value as Error & Record<string, unknown>;
  const out: SerializedError = {
    type: source.constructor?.name || source.name || 'Error',
    message: redactMessage(String(source.message ?? '')),
  };
  const stack = framesOnly(source.stack);
  if (stack) out.stack = stack;
  for (const field of SAFE_FIELDS) {
    const v = source[field];
    if (typeof v === 'string' || typeof v === 'number') out[field] = v;
  }
  if (source.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    out.cause = serializeError(source.cause, depth + 1) as SerializedError;
  }
  return out;
}
