import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A random secret kept in a file only its owner can read (mode 0600), made once per install: the
 * first call creates it (exclusively, so two processes starting at once agree on one value), every
 * later call reads it back. The value is never logged.
 */
export function readOrCreateSecretFile(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    // Written whole to a temporary name, then linked into place: link fails if another process
    // got there first, and nobody ever reads a half-written file.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(tmp, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
    try {
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  // A copy restored from a backup may have come back readable by others.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const value = fs.readFileSync(file, "utf8").trim();
  if (value.length < 32) throw new Error(`${file} does not hold a usable secret; remove it to make a new one.`);
  return value;
}
