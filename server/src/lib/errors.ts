import type { Text } from "./i18n";

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

/** An error's words: English, or a `msg` template the answer translates (lib/i18n.ts). */
export type TErrorText = string | Text;

export class AppError extends Error {
  readonly code: TErrorCode;
  /** What `message` says, kept to be put in the caller's language when answered. */
  readonly text: TErrorText;
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly errors?: { path: string; message: TErrorText }[];

  constructor(
    code: TErrorCode,
    message: TErrorText,
    opts: { headers?: Record<string, string>; errors?: { path: string; message: TErrorText }[] } = {},
  ) {
    super(String(message));
    this.text = message;
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.headers = opts.headers ?? {};
    this.errors = opts.errors;
  }
}

export const notFound = (what: TErrorText = "Not found") => new AppError("NOT_FOUND", what);
export const forbidden = (why: TErrorText = "You don't have permission to do that.") => new AppError("FORBIDDEN", why);
export const unauthorized = () => new AppError("UNAUTHORIZED", "Unauthorized");
export const conflict = (why: TErrorText) => new AppError("CONFLICT", why);
export const badRequest = (why: TErrorText, field?: string) =>
  new AppError("BAD_REQUEST", why, field ? { errors: [{ path: field, message: why }] } : {});
