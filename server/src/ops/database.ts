import type { TConfig } from "../config";
import { embeddedAppUrl, findEmbeddedOwner, startEmbeddedPostgres } from "../db/embedded";
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
    // A backup's snapshot and a restore's load hold a session: straight to PostgreSQL, past any pooler.
    const url = config.databaseDirectUrl ?? config.databaseUrl;
    await ensureDatabase(url, config.databaseDirectUrl ? "DATABASE_DIRECT_URL" : "DATABASE_URL");
    return { url, isShared: false, close: async () => {} };
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

/** The running app's embedded PostgreSQL, if an app process holds DATA_DIR: its app role on its socket. */
function findRunningEmbedded(dataDir: string): { pid: number; url: string } | undefined {
  const pid = findEmbeddedOwner(dataDir);
  return pid ? { pid, url: embeddedAppUrl(dataDir) } : undefined;
}
