/** Error codes and their wire shape: `{ error: { code, message } }` over HTTP, `{ type: 'error', code, message }` over the socket. */
export const ERROR_CODES = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorBody = { error: { code: ErrorCode; message: string; details?: unknown } };
