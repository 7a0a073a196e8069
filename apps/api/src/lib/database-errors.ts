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
