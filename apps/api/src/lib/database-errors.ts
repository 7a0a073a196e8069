type ErrorRecord = Record<string, unknown>;

const SQLSTATE = /^[0-9A-Z]{5}$/;

function isDatabaseError(value: ErrorRecord): boolean {
  return typeof value.code === 'string' && SQLSTATE.test(value.code) && ('severity' in value || 'routine' in value);
}

/** The pg or PGlite error itself, or the one behind a drizzle error (its `cause`). */
export function findDatabaseError(error: unknown): ErrorRecord | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if (isDatabaseError(current as ErrorRecord)) return current as ErrorRecord;
    current = (current as ErrorRecord).cause;
  }
  return undefined;
}

/** True when `error` is, or wraps, a unique-key violation. */
export function isUniqueViolation(error: unknown): boolean {
  return findDatabaseError(error)?.code === '23505';
}

/** Socket failures on the way to the database server (refused, reset, unreachable, timed out). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and its pool say a lost or refused connection in words, with no code. */
const CONNECTION_MESSAGE =
  /^(Connection terminated|timeout expired|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end)/;

/**
 * SQLSTATEs that mean the server cannot serve us right now, not that the request was wrong: class 08
 * (connection exception), shutting down or starting up (57P01-57P03), too many connections (53300),
 * a statement cancelled by statement_timeout (57014), and a transaction the server aborted to break a
 * deadlock or a serialization conflict (40P01, 40001): nothing was written and the same request can be
 * sent again.
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '57014', '40P01', '40001'].includes(code);
}

/** True when `error`, or an error behind it, says the database is down or not answering in time. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const record = current as ErrorRecord;
    if (typeof record.code === 'string') {
      if (NETWORK_CODES.has(record.code)) return true;
      if (isDatabaseError(record)) return isUnavailableSqlState(record.code);
    }
    if (typeof record.message === 'string' && CONNECTION_MESSAGE.test(record.message)) return true;
    current = record.cause;
  }
  return false;
}
