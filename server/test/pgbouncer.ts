import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * A real PgBouncer (Debian's `pgbouncer`) in transaction pooling mode in front of one test database,
 * as managed PostgreSQL offerings put one in front of the app (README "Behind a connection pooler").
 */
export type TPgBouncer = {
  /** The database through the pooler, as DATABASE_URL would name it. */
  url: string;
  /** PgBouncer's admin console (`SHOW POOLS`, `SHOW STATS`, `SHOW SERVERS`), as the same user. */
  adminUrl: string;
  /** The server connections PgBouncer opens at most for the database. */
  poolSize: number;
  /** What PgBouncer logged so far (for a failing test's message). */
  log: () => string;
  stop: () => Promise<void>;
};

const CANDIDATES = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer", "/usr/local/bin/pgbouncer"];

/** Debian's binary, else the first on the PATH; undefined when it is not installed. */
export function findPgBouncer(): string | undefined {
  const known = CANDIDATES.find((p) => fs.existsSync(p));
  if (known) return known;
  try {
    return execFileSync("sh", ["-c", "command -v pgbouncer"]).toString().trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A free TCP port on loopback (PgBouncer 1.18 cannot be asked to pick one). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

/** A value in PgBouncer's `key=value` connection strings (libpq's quoting). */
const quoteValue = (v: string) => `'${v.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/**
 * Starts PgBouncer on a free loopback port in front of `directUrl`'s database: transaction pooling,
 * clients authenticated with SCRAM against the same user and password, at most `poolSize` server
 * connections, so that many app connections share few server ones and any session state a request
 * leaves behind would meet another request (`poolMode: "session"`: a session mode pooler, for the
 * start-up check that must let one pass). Throws a clear message when PgBouncer is not installed.
 */
export async function startPgBouncer(
  directUrl: string,
  opts: { poolSize?: number; poolMode?: "transaction" | "session" } = {},
): Promise<TPgBouncer> {
  const bin = findPgBouncer();
  if (!bin)
    throw new Error(
      "PgBouncer is not installed: `apt-get install pgbouncer` (.ci/run installs it); the pooler test needs a real one.",
    );
  const poolSize = opts.poolSize ?? 4;
  const direct = new URL(directUrl);
  const user = decodeURIComponent(direct.username);
  const password = decodeURIComponent(direct.password);
  const database = decodeURIComponent(direct.pathname.replace(/^\//, ""));
  // A socket directory (`?host=/path`, the embedded server) or a TCP host.
  const host = direct.searchParams.get("host") ?? direct.hostname;
  const serverPort = direct.searchParams.get("port") ?? (direct.port || "5432");
  const port = await freePort();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-pgbouncer-"));
  const version = execFileSync(bin, ["--version"]).toString();
  const [major, minor] = (version.match(/PgBouncer (\d+)\.(\d+)/) ?? ["", "1", "0"]).slice(1).map(Number);
  const config = [
    "[databases]",
    `${database} = host=${quoteValue(host)} port=${serverPort} dbname=${quoteValue(database)}`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${port}`,
    // No Unix socket: two test runs on one machine would share /tmp's.
    "unix_socket_dir =",
    "auth_type = scram-sha-256",
    `auth_file = ${path.join(dir, "userlist.txt")}`,
    `admin_users = ${user}`,
    `pool_mode = ${opts.poolMode ?? "transaction"}`,
    `default_pool_size = ${poolSize}`,
    `max_db_connections = ${poolSize}`,
    "reserve_pool_size = 0",
    "max_client_conn = 500",
    `logfile = ${path.join(dir, "pgbouncer.log")}`,
    // Newer PgBouncers (1.21+) can carry named prepared statements across server connections; keep
    // them off, as in the poolers that cannot, so a named one fails here rather than in production.
    ...(major > 1 || (major === 1 && minor >= 21) ? ["max_prepared_statements = 0"] : []),
  ].join("\n");
  fs.writeFileSync(path.join(dir, "pgbouncer.ini"), `${config}\n`, { mode: 0o600 });
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  fs.writeFileSync(path.join(dir, "userlist.txt"), `${q(user)} ${q(password)}\n`, { mode: 0o600 });
  fs.writeFileSync(path.join(dir, "pgbouncer.log"), "", { mode: 0o600 });

  // PgBouncer refuses to run as root: as root it runs as `postgres` (the embedded server's user,
  // which can also reach its socket), owning its folder.
  const args = [path.join(dir, "pgbouncer.ini")];
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    for (const f of ["", "pgbouncer.ini", "userlist.txt", "pgbouncer.log"]) fs.chownSync(path.join(dir, f), uid, gid);
    args.unshift("-u", "postgres");
  }
  const child: ChildProcess = spawn(bin, args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const log = () =>
    `${stderr}${fs.existsSync(path.join(dir, "pgbouncer.log")) ? fs.readFileSync(path.join(dir, "pgbouncer.log"), "utf8") : ""}`;
  const e = encodeURIComponent;
  const url = `postgres://${e(user)}:${e(password)}@127.0.0.1:${port}/${e(database)}`;
  const adminUrl = `postgres://${e(user)}:${e(password)}@127.0.0.1:${port}/pgbouncer`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM: immediate shutdown (SIGINT would wait for every client to leave).
      child.kill("SIGTERM");
      await once(child, "exit");
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  // Ready once a query goes through it to PostgreSQL.
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      const text = log();
      await stop();
      throw new Error(`PgBouncer exited (${child.exitCode}): ${text}`);
    }
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("select 1");
      await client.end();
      break;
    } catch (err) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        const text = log();
        await stop();
        throw new Error(`PgBouncer did not answer in 15 s (${(err as Error).message}): ${text}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, adminUrl, poolSize, log, stop };
}

/** Rows of an admin console command (`SHOW POOLS`): it speaks the simple query protocol only. */
export async function showPgBouncer<T = Record<string, unknown>>(adminUrl: string, command: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(command)).rows as T[];
  } finally {
    await client.end().catch(() => {});
  }
}
