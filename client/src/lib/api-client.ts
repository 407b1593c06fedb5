import { trackError } from "./analytics";
import { currentLanguage } from "./i18n";

/**
 * The language on screen, so a visitor's answers (and their error messages) come in it; a member's
 * own choice and their church's default come first on the server.
 */
export const languageHeader = (): Record<string, string> => ({ "Accept-Language": currentLanguage() });

/**
 * A non-OK response. `message` keeps the spec's format `${status}: ${text or statusText}`;
 * `serverMessage` is the `message` of the server's JSON error body, for showing to people.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }

  get serverMessage(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed?.message === "string" && parsed.message ? parsed.message : null;
    } catch {
      return null;
    }
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let text = "";
  try {
    text = await res.text();
  } catch {
    // unreadable body: fall back to the status text
  }
  throw new ApiError(res.status, res.statusText, text);
}

/**
 * The request helper (spec 1 section 7): credentials included; a JSON body and content-type only
 * when a body is given. The body of a successful response is left for the caller to read.
 */
export async function apiRequest(method: string, path: string, body?: unknown): Promise<Response> {
  try {
    const res = await fetch(path, {
      method,
      credentials: "include",
      headers: { ...languageHeader(), ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    await throwIfResNotOk(res);
    return res;
  } catch (error) {
    trackError(error, `API ${method} ${path}`);
    throw error;
  }
}

/**
 * A query's GET of `path` (one with parameters, which the default query function cannot build
 * from its key): credentials included; a request dropped by its query (`signal`) is not an error.
 */
export async function apiGet(path: string, signal?: AbortSignal): Promise<Response> {
  try {
    const res = await fetch(path, { credentials: "include", signal, headers: languageHeader() });
    await throwIfResNotOk(res);
    return res;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === "AbortError")) trackError(error, `API GET ${path}`);
    throw error;
  }
}

/** `apiRequest` and read the JSON answer (`undefined` for an empty answer such as 204). */
export async function apiJson<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, path, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export function getStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  const m = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return m ? Number(m[1]) : null;
}

/** The server's own words for an error, when it sent any. */
export function getServerMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}

/** Spec: an error matching /^401: .*Unauthorized/; any 401 counts, whatever its text. */
export function isUnauthorizedError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /^401: .*Unauthorized/.test(error.message) || getStatus(error) === 401;
}
