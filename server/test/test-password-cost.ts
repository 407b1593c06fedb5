import crypto from "node:crypto";
import { syncBuiltinESMExports } from "node:module";

/**
 * Passwords are hashed with scrypt at a test cost (N=1024, 1 MiB) instead of the product's (N=16384,
 * node's default, 16 MiB, about 32 ms of CPU each). Every sign-up and sign-in hashes once: about
 * 1,500 to 2,000 times per pass of the server suite (a sample counted; domain-events-each alone 125,
 * prayer-requests 140), about a CPU-minute of CI's 2 cores per pass. As Django's fast test hasher:
 * what the tests check (a hash is stored, the right password matches and a wrong one does not, the
 * `scrypt$salt$key` format) is the same at either cost as long as the process that checks hashed at
 * the same cost. So the app processes that tests start from server/test (app-process.ts,
 * stand-ins/sync-app-process.ts) import this too; the compiled app that the rolling-restart and
 * compiled-start tests run hashes at the product's cost and signs its own users in. Only calls that
 * leave N to node's default change. Imported first by file-setup.ts (every server and browser file).
 */
const CHEAP = Symbol.for("fellowship.test.cheapScrypt");
type TScrypt = typeof crypto.scrypt & { [CHEAP]?: true };
if (!(crypto.scrypt as TScrypt)[CHEAP]) {
  const real = crypto.scrypt;
  type TDone = (err: Error | null, key: Buffer) => void;
  const cheap = ((
    password: crypto.BinaryLike,
    salt: crypto.BinaryLike,
    keylen: number,
    options: crypto.ScryptOptions | TDone,
    done?: TDone,
  ) =>
    typeof options === "function"
      ? real(password, salt, keylen, { N: 1024 }, options)
      : real(password, salt, keylen, { N: 1024, ...options }, done as TDone)) as TScrypt;
  cheap[CHEAP] = true;
  crypto.scrypt = cheap;
  syncBuiltinESMExports();
}
