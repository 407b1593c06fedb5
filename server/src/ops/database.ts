import fs from "node:fs";
import path from "node:path";
import type { TConfig } from "../config";
import { startEmbeddedPostgres } from "../db/embedded";
import { ensureDatabase } from "../db/ensure-database";

export type TOpenDatabase = {
  url: string;
  /** Whether the app was running on it (embedded): a backup then reads beside it. */
  isShared: boolean;
  close: () => Promise<void>;
};

/**
 * The database `npm start` uses, for `npm run backup` and `npm run restore`: DATABASE_URL's, or the
 * embedded one in DATA_DIR. When the app runs, its embedded PostgreSQL is reached on its socket;
 * otherwise this process starts it (and stops it in `close`), which also keeps the app from starting
 * on it meanwhile.
 */
export async function openConfiguredDatabase(
  config: TConfig,
  opts: { allowRunning: boolean; log?: (line: string) => void },
): Promise<TOpenDatabase> {
  if (config.databaseUrl) {
    await ensureDatabase(config.databaseUrl);
    return { url: config.databaseUrl, isShared: false, close: async () => {} };
  }
  const running = findRunningEmbedded(config.dataDir);
  if (running) {
    if (!opts.allowRunning) {
      throw new Error(
        `Fellowship is running on ${config.dataDir} (pid ${running.pid}): stop it before restoring; nothing was changed.`,
      );
    }
    return { url: running.url, isShared: true, close: async () => {} };
  }
  const embedded = await startEmbeddedPostgres(config.dataDir, { log: opts.log });
  return { url: embedded.url, isShared: false, close: embedded.stop };
}

/**
 * The running app's embedded PostgreSQL, if an app process holds DATA_DIR: its app role on its
 * database over the socket in DATA_DIR/run (the names and files embedded.ts keeps: `owner.pid`,
 * `secrets/pg-app-password`, role `fellowship_app`, database `fellowship`, socket `.s.PGSQL.5432`).
 */
function findRunningEmbedded(dataDir: string): { pid: number; url: string } | undefined {
  const root = path.resolve(dataDir);
  const ownerFile = path.join(root, "owner.pid");
  const pid = fs.existsSync(ownerFile) ? Number(fs.readFileSync(ownerFile, "utf8")) : 0;
  if (!pid || pid === process.pid || !isAlive(pid)) return undefined;
  const passwordFile = path.join(root, "secrets", "pg-app-password");
  const password = fs.readFileSync(passwordFile, "utf8").trim();
  const e = encodeURIComponent;
  const socketDir = path.join(root, "run");
  return {
    pid,
    url: `postgres://fellowship_app:${e(password)}@localhost/fellowship?host=${e(socketDir)}&port=5432`,
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
