import { errorText } from '@openride/shared/error-text';
import { ERROR_CODES, type DomainErrorCode, type ErrorBody, type ErrorCode } from '@openride/shared/errors';

/** The one error type of the server: a code that maps to an HTTP status (or a socket error frame) in one place. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
  get status() {
    return ERROR_CODES[this.code];
  }
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.details === undefined ? {} : { details: this.details }) } };
  }
}

/**
 * A domain rule refused the request (errors.ts lists them). The message defaults to the words a person
 * reads for the code (error-text.ts); pass one only when it says more (which ride type, which status).
 */
export const domainError = (code: DomainErrorCode, message = errorText(code)) => new AppError(code, message);

export const unauthorized = () => new AppError('UNAUTHORIZED', 'Please sign in to continue.');
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const badRequest = (message: string, details?: unknown) => new AppError('BAD_REQUEST', message, details);

/** A unique index refused the write: how the database's one-of-a-kind rules (one active ride each) surface. */
export function isUniqueViolation(err: unknown, constraint: string) {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === constraint || (e.message ?? '').includes(constraint));
}
