import { createHash, hash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";

// scrypt parameters: N=16384, r=8, p=1 (node's defaults), 64-byte key.
const KEY_LEN = 64;

function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LEN, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt);
  return `scrypt$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so response times do not reveal which e-mails exist.
    await scryptAsync(password, randomBytes(16));
    return false;
  }
  const [scheme, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64url");
  const actual = await scryptAsync(password, Buffer.from(saltB64, "base64url"));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A URL-safe random token with `bytes * 8` bits of entropy (invitations use 32 bytes = 256 bits). */
export function createToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * SHA-256 in base64url. `crypto.hash` (Node 20.12+) hashes in one call without a Hash object: every
 * request's session cookie goes through it (about half the time of createHash's three calls).
 */
export function sha256(value: string): string {
  return hash("sha256", value, "base64url");
}

/**
 * Whether an `Authorization: Bearer ...` header carries `token` (the operator's METRICS_TOKEN).
 * Constant-time, and by digest, so neither the content nor the length of the token leaks.
 */
export function isBearerToken(header: string | undefined, token: string | undefined): boolean {
  if (!token) return false;
  const match = /^Bearer +(.+?) *$/i.exec(header ?? "");
  if (!match) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}
