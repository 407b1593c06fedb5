import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  freePort,
  killLeftoverPostgres,
  postmasterPid,
  socketInodes,
  tcpListeners,
  tryQuery,
  unixListeners,
  waitGone,
} from "../../test/embedded-probe";

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of dirs) {
    killLeftoverPostgres(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

type TApp = { dataDir: string; child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** The server as `npm start` runs it (after building the client), on an install of its own. */
async function startApp(): Promise<TApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-npm-start-"));
  dirs.push(dataDir);
  const port = await freePort();
  // At info, as npm start runs: the embedded server's own lines go through the app's log (and must
  // hold no password), the "no TCP port" line among them.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "info" };
  for (const name of ["DATABASE_URL", "TEST_DATABASE_URL", "APP_SECRET", "SMTP_URL", "HOST"]) delete env[name];
  env.HOST = "127.0.0.1";
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("server/src/main.ts")], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) throw new Error(`the app did not answer: ${output}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/providers`).catch(() => undefined);
    if (res?.status === 200) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { dataDir, child, output: () => output, exited };
}

const secret = (dataDir: string, name: string) => fs.readFileSync(path.join(dataDir, "secrets", name), "utf8").trim();
const mode = (p: string) => fs.statSync(p).mode & 0o777;
const overSocket = (dataDir: string) => ({ host: path.join(dataDir, "run"), port: 5432 });

describe("the embedded PostgreSQL as npm start runs it", () => {
  it("listens on no TCP port, refuses the old password and lets the app do only what an owner may", async () => {
    const [a, b] = await Promise.all([startApp(), startApp()]);
    const pid = postmasterPid(a.dataDir);

    // (a) No TCP listener: none of the postmaster's sockets is a listening TCP socket...
    const held = socketInodes(pid);
    expect(tcpListeners().filter((l) => held.has(l.inode))).toEqual([]);
    // ...while its one way in is the Unix socket inside DATA_DIR (so we did read the right sockets).
    const unix = [...unixListeners()].filter(([inode]) => held.has(inode)).map(([, p]) => p);
    expect(unix).toEqual([path.join(a.dataDir, "run", ".s.PGSQL.5432")]);
    // The old address and credentials get nowhere over TCP.
    for (const port of [5433, 5432]) {
      await expect(
        tryQuery(
          { host: "127.0.0.1", port, user: "postgres", password: "fellowship", database: "fellowship" },
          "select 1",
        ),
      ).rejects.toThrow();
    }

    // (b) The old fixed password is refused even on the socket.
    await expect(
      tryQuery(
        { ...overSocket(a.dataDir), user: "postgres", password: "fellowship", database: "postgres" },
        "select 1",
      ),
    ).rejects.toMatchObject({ code: "28P01" });

    // (c) The app's role owns its data and nothing more.
    const app = {
      ...overSocket(a.dataDir),
      user: "fellowship_app",
      password: secret(a.dataDir, "pg-app-password"),
      database: "fellowship",
    };
    expect(
      await tryQuery(
        app,
        `select rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls,
                pg_has_role(current_user, 'pg_execute_server_program', 'member') as can_run_programs
           from pg_roles where rolname = current_user`,
      ),
    ).toEqual([
      {
        rolsuper: false,
        rolcreaterole: false,
        rolcreatedb: false,
        rolreplication: false,
        rolbypassrls: false,
        can_run_programs: false,
      },
    ]);
    await expect(tryQuery(app, "copy (select 1) to program 'true'")).rejects.toMatchObject({ code: "42501" });
    await expect(tryQuery(app, "create role intruder superuser")).rejects.toMatchObject({ code: "42501" });
    expect(
      await tryQuery(
        app,
        `select (select pg_get_userbyid(datdba) from pg_database where datname = current_database()) as db_owner,
                (select count(*)::int from pg_tables where schemaname in ('public', 'drizzle')) as tables,
                (select count(*)::int from pg_tables where schemaname in ('public', 'drizzle')
                    and tableowner <> current_user) as not_owned`,
      ),
    ).toEqual([{ db_owner: "fellowship_app", tables: expect.any(Number), not_owned: 0 }]);
    // The superuser is still there for setting up, behind its own random password.
    const superuser = { ...overSocket(a.dataDir), user: "postgres", database: "postgres" };
    expect(
      await tryQuery({ ...superuser, password: secret(a.dataDir, "pg-superuser-password") }, "select 1 as ok"),
    ).toEqual([{ ok: 1 }]);

    // (d) Owner-only files and directories.
    expect(mode(path.join(a.dataDir, "secrets", "pg-superuser-password"))).toBe(0o600);
    expect(mode(path.join(a.dataDir, "secrets", "pg-app-password"))).toBe(0o600);
    expect(mode(path.join(a.dataDir, "secrets"))).toBe(0o700);
    expect(mode(path.join(a.dataDir, "run"))).toBe(0o700);
    expect(fs.statSync(path.join(a.dataDir, "run")).uid).toBe(fs.statSync(`/proc/${pid}`).uid);
    expect(mode(path.join(a.dataDir, "postgres.log"))).toBe(0o600);

    // (e) Two installs never share a password; (b) again: one install's password opens nothing elsewhere.
    const passwords = [a, b].flatMap((x) => [
      secret(x.dataDir, "pg-superuser-password"),
      secret(x.dataDir, "pg-app-password"),
    ]);
    expect(new Set(passwords).size).toBe(4);
    await expect(
      tryQuery({ ...superuser, ...overSocket(b.dataDir), password: passwords[0] }, "select 1"),
    ).rejects.toMatchObject({ code: "28P01" });

    // Shut down as a service manager would: each app stops its PostgreSQL and exits.
    for (const x of [a, b]) x.child.kill("SIGTERM");
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
    expect(await waitGone(pid)).toBe(true);

    // (f) No password in anything printed or logged.
    const printed = [a, b].map((x) => x.output() + fs.readFileSync(path.join(x.dataDir, "postgres.log"), "utf8"));
    for (const text of printed) for (const password of passwords) expect(text).not.toContain(password);
    expect(printed[0]).toContain("no TCP port");
  }, 180_000);
});
