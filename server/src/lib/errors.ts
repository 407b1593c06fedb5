/** One error type for the whole server, mapped to HTTP once in app.ts (STYLE.md habit 6). */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED: 415,
  RATE_LIMITED: 429,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly errors?: { path: string; message: string }[];

  constructor(
    code: TErrorCode,
    message: string,
    opts: { headers?: Record<string, string>; errors?: { path: string; message: string }[] } = {},
  ) {
    super(message);
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.headers = opts.headers ?? {};
    this.errors = opts.errors;
  }
}

export const notFound = (what = "Not found") => new AppError("NOT_FOUND", what);
export const forbidden = (why = "You don't have permission to do that.") => new AppError("FORBIDDEN", why);
export const unauthorized = () => new AppError("UNAUTHORIZED", "Unauthorized");
export const conflict = (why: string) => new AppError("CONFLICT", why);
export const badRequest = (why: string, field?: string) =>
  new AppError("BAD_REQUEST", why, field ? { errors: [{ path: field, message: why }] } : {});
