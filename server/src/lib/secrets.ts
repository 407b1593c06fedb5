import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import path from "node:path";
import { stdSerializers } from "pino";
import type { TConfig } from "../config";
import { readOrCreateSecretFile } from "./secret-file";

/**
 * Secrets at rest (STYLE.md habit 13). Tokens that only need to be recognised (sessions, password
 * resets, verifications, invitation look-ups) are stored as SHA-256 (`sha256` in crypto.ts); a
 * secret that must be shown again (an invitation's link, an integration's key, the body of a queued
 * e-mail with its link) is sealed here with AES-256-GCM under a key derived from APP_SECRET.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    if (appSecret.length < 16) throw new Error("APP_SECRET must be at least 16 characters long.");
    this.key = Buffer.from(hkdfSync("sha256", appSecret, "fellowship", "sealed secrets v1", 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
  }

  /**
   * A signature of `value` for `purpose` (HMAC-SHA-256 under a key of its own, 32 base64url
   * characters): a link that must not be forged but need not be secret, like an e-mail's one-click
   * unsubscribe (issue 29).
   */
  sign(purpose: string, value: string): string {
    return createHmac("sha256", this.key).update(`${purpose}\0${value}`).digest("base64url").slice(0, 32);
  }

  /** Whether `signature` is `sign(purpose, value)`, compared in constant time. */
  verify(purpose: string, value: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(purpose, value));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The plain text, or null when the value was sealed under another APP_SECRET or altered. */
  open(sealed: string): string | null {
    if (!sealed.startsWith("v1.")) return null;
    const raw = Buffer.from(sealed.slice(3), "base64url");
    if (raw.length < 28) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      return null;
    }
  }
}

/** APP_SECRET, or (unset) a random secret made once and kept owner-only in DATA_DIR. */
export function resolveAppSecret(config: TConfig): string {
  return config.appSecret ?? readOrCreateSecretFile(path.join(config.dataDir, "secrets", "app-secret"));
}

const REDACTED = "[redacted]";
/** Path segments that follow these hold a token: /api/invite/{token}, /invite/{token}, /api/feeds/{token}. */
const TOKEN_AFTER = new Set(["invite", "feeds"]);
/** Query parameters that carry a token or a one-time code. */
// "s": a signed link's signature (issue 29: unsubscribe, a notification e-mail's button).
const TOKEN_PARAMS = new Set(["token", "invitation", "invitationToken", "code", "state", "session_state", "s"]);

/** A request URL fit for a log line: every token in its path or query replaced by "[redacted]". */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  const pathPart = q === -1 ? url : url.slice(0, q);
  const segments = pathPart.split("/");
  for (let i = 1; i < segments.length; i++) {
    if (TOKEN_AFTER.has(segments[i - 1]) && segments[i]) segments[i] = REDACTED;
  }
  let out = segments.join("/");
  if (q !== -1) {
    const params = url
      .slice(q + 1)
      .split("&")
      .map((pair) => {
        const eq = pair.indexOf("=");
        const name = decodeURIComponentSafe(eq === -1 ? pair : pair.slice(0, eq));
        return TOKEN_PARAMS.has(name) && eq !== -1 ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
      });
    out += `?${params.join("&")}`;
  }
  return out;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const NOT_LOGGED = "[not logged]";
/** A failed query's message lists its parameters after "params:" (Drizzle), up to the stack. */
const dropParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${NOT_LOGGED}`);

/**
 * Errors as they go to the log: a failed query's parameters and PostgreSQL's row details are left
 * out, since they can hold an e-mail's text with its link, a token or a password hash.
 */
export function serializeErrorForLog(err: Error): { type: string; message: string; stack: string } {
  const out = stdSerializers.err(err) as unknown as { type: string; message: string; stack: string } & Record<
    string,
    unknown
  >;
  const scrub = (o: Record<string, unknown>, depth: number) => {
    if (typeof o.message === "string") o.message = dropParams(o.message);
    if (typeof o.stack === "string") o.stack = dropParams(o.stack);
    for (const key of ["params", "detail", "where", "parameters"]) if (key in o) o[key] = NOT_LOGGED;
    if (o.cause && typeof o.cause === "object" && depth < 5) scrub(o.cause as Record<string, unknown>, depth + 1);
  };
  scrub(out, 0);
  return out;
}
