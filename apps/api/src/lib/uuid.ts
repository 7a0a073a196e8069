const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A text shaped like a uuid. A malformed id names no row: callers answer 404 without asking the database. */
export const isUuid = (value: string) => UUID.test(value);
