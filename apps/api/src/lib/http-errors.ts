/** Typed errors thrown anywhere and turned into {success:false, error} by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Which fields were wrong, as the validation errors list them: `[{path, message}]`. */
    readonly details?: { path: string; message: string }[],
    /** More fields of the refusal's body, e.g. a locked lesson's `opensAt` (issue 30). */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
/** A 400 naming each wrong field, like a schema validation failure. */
export const invalidFields = (message: string, details: { path: string; message: string }[]) =>
  new HttpError(400, message, {}, details);
export const unauthorized = (message = 'Please log in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that') => new HttpError(403, message);
/** A 403 whose body carries more fields than the sentence, e.g. `{opensAt}` of a locked lesson. */
export const forbiddenWith = (message: string, fields: Record<string, string>) =>
  new HttpError(403, message, {}, undefined, fields);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
/** A service we depend on is missing or not answering; the message is meant for the user. */
export const serviceUnavailable = (message: string, retryAfterSeconds?: number) =>
  new HttpError(503, message, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : {});
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests, please try again later') =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
