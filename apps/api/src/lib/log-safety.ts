import type { FastifyServerOptions } from 'fastify';
import { findDatabaseError } from './database-errors';

/**
 * Logs carry no secrets and no personal text. Database errors are the main risk: pg, PGlite and
 * drizzle attach the query's parameters (password hashes, notes, emails) to the error and to its
 * message, so errors are rebuilt from a list of safe fields instead of being dumped whole.
 */

const REDACTED = '[redacted]';

/** Keys whose values never reach a log line, wherever a log call puts them. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...['password', 'passwordHash', 'currentPassword', 'newPassword', 'token', 'otp', 'email', 'to', 'subject'].flatMap(
    (key) => [key, `*.${key}`],
  ),
  'body',
  '*.body',
  'params',
  '*.params',
];

/** The path segment after these is a secret (a mailed link's token). */
const SECRET_PATH_SEGMENT = /(\/api\/auth\/(?:verify-email|reset-password))\/[^/?#]+/;

/** Keeps the path and the names of query parameters; their values and link tokens are dropped. */
export function safeUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2);
  const path = pathname.replace(SECRET_PATH_SEGMENT, '$1/:token');
  if (query === undefined) return path;
  const names = query
    .split('&')
    .filter(Boolean)
    .map((piece) => `${piece.split('=')[0]?.slice(0, 40)}=…`);
  return `${path}?${names.join('&')}`;
}

interface RequestLike {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

export function serializeRequestSafely(request: RequestLike) {
  return {
    method: request.method,
    url: safeUrl(request.url ?? ''),
    hostname: request.hostname,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
  };
}

type ErrorRecord = Record<string, unknown>;

/** A database message keeps the names of tables, columns and constraints; every other quoted part is a value. */
function scrubDatabaseMessage(message: string, dbError: ErrorRecord): string {
  const names = new Set(
    ['constraint', 'table', 'column', 'schema', 'dataType']
      .map((key) => dbError[key])
      .filter((name): name is string => typeof name === 'string'),
  );
  return message
    .replace(/"([^"]*)"/g, (whole, inner: string) => (names.has(inner) ? whole : '"…"'))
    .replace(/\([^()]*\)=\([^()]*\)/g, '(…)=(…)');
}

/** Patterns of secrets, removed from any message as a second line of defence. */
function scrubSecrets(message: string): string {
  return message
    .replace(/\$argon2[a-z]*\$[^\s"',]*/g, '[hash]')
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]')
    .replace(/[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+\.[a-z]{2,}/gi, '[email]')
    .replace(/\bparams:[\s\S]*$/, 'params: [redacted]');
}

function stackFrames(stack: unknown): string[] {
  if (typeof stack !== 'string') return [];
  return stack.split('\n').filter((line) => /^\s+at /.test(line));
}

/** pino's `err` serializer: type, a scrubbed message, codes and stack frames; never the query or its values. */
export function serializeErrorSafely(error: unknown, depth = 0): ErrorRecord | string {
  // A message passed as text (the mail worker's SMTP failures): kept, minus anything secret-shaped.
  if (typeof error === 'string') return scrubSecrets(error).slice(0, 500);
  if (!error || typeof error !== 'object') return { type: typeof error, message: REDACTED };
  const record = error as ErrorRecord;
  const type = (typeof record.name === 'string' && record.name) || (error as object).constructor?.name || 'Error';
  const dbError = findDatabaseError(error);
  const rawMessage = typeof record.message === 'string' ? record.message : '';
  let message: string;
  if (dbError) {
    message = scrubDatabaseMessage(String(dbError.message ?? ''), dbError);
  } else if ('query' in record || 'params' in record) {
    // A query error with no database error behind it: its message quotes the query and values.
    message = 'Failed query';
  } else {
    message = scrubSecrets(rawMessage).slice(0, 500);
  }
  const safe: ErrorRecord = { type, message };
  if (typeof record.code === 'string' || typeof record.code === 'number') safe.code = record.code;
  if (typeof record.statusCode === 'number') safe.statusCode = record.statusCode;
  if (dbError) {
    for (const key of ['code', 'constraint', 'table', 'column', 'severity', 'routine']) {
      if (typeof dbError[key] === 'string') safe[key === 'code' ? 'sqlState' : key] = dbError[key];
    }
  }
  const frames = stackFrames(record.stack);
  if (frames.length > 0) safe.stack = [`${type}: ${message}`, ...frames].join('\n');
  if (!dbError && record.cause && depth < 3) safe.cause = serializeErrorSafely(record.cause, depth + 1);
  return safe;
}

/** The pino options every API logger uses. */
export function safeLoggerOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      err: serializeErrorSafely as never,
      error: serializeErrorSafely as never,
      req: serializeRequestSafely as never,
    },
    hooks: {
      // pino takes an error's own message as the line's message when none is given: give the scrubbed one.
      logMethod(args, method) {
        const [first, second] = args as unknown[];
        if (typeof second !== 'string' && first && typeof first === 'object') {
          const error = first instanceof Error ? first : ((first as ErrorRecord).err ?? (first as ErrorRecord).error);
          if (error) {
            const fields = first instanceof Error ? { err: first } : first;
            const safe = serializeErrorSafely(error);
            return method.apply(this, [fields, typeof safe === 'string' ? safe : String(safe.message)] as never);
          }
        }
        return method.apply(this, args);
      },
    },
  };
}
