import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@openride/shared/errors';

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

export const unauthorized = () => new AppError('UNAUTHORIZED', 'Please sign in to continue.');
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const badRequest = (message: string, details?: unknown) => new AppError('BAD_REQUEST', message, details);
