import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, isAlive, killLeftoverPostgres, postmasterPid, waitGone } from "../test/embedded-probe";
import { ROOT } from "./paths";

const outDir = path.join(ROOT, ".tmp", `compiled-${process.pid}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-compiled-"));
const children: ChildProcess[] = [];
/** Processes a test saw below its child, killed at the end if they outlived it. */
const descendants: number[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const pid of descendants) if (isAlive(pid)) process.kill(pid, "SIGKILL");
  killLeftoverPostgres(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(outDir, { recursive: true, force: true });
});

/** Every process with its parent and command line (read from /proc). */
function processTable(): { pid: number; ppid: number; cmd: string }[] {
  return fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        const cmd = fs.readFileSync(`/proc/${d}/cmdline`, "utf8").split("\0").join(" ");
        return [{ pid: Number(d), ppid, cmd }];
      } catch {
        return [];
      }
    });
}

/** Node processes whose parent is `pid`. */
function nodeChildren(pid: number): string[] {
  return processTable()
    .filter((p) => p.ppid === pid && /node|esbuild|tsx/.test(p.cmd))
    .map((p) => p.cmd);
}

/** `pid` and every process below it. */
function processTree(pid: number): number[] {
  const table = processTable();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const p of table) if (p.ppid === tree[i]) tree.push(p.pid);
  return tree;
}

function appEnv(port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", ...extra };
  for (const name of ["DATABASE_URL", "TEST_DATABASE_URL", "APP_SECRET", "SMTP_URL", "NODE_ENV"]) delete env[name];
  return env;
}

/** The line the start-up prints once the server listens (lib/ready-message.ts). */
const READY = /Fellowship is ready: open http:\/\/localhost:\d+/;

/**
 * Starts the app with its output piped, as a service manager or `npm start | tee` has it. With
 * `waitForReady`, it first waits for the ready line without making a request: the line must not
 * wait for a buffer that requests would fill.
 */
async function start(
  main: string,
  port: number,
  opts: { env?: NodeJS.ProcessEnv; waitForReady?: boolean } = {},
): Promise<{ child: ChildProcess; ms: number; output: () => string; stdout: () => string }> {
  const t0 = Date.now();
  const env = appEnv(port, opts.env);
  const child =
    main === "npm"
      ? spawn("npm", ["start", "--silent"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
      : spawn(process.execPath, [main], { env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  let stdout = "";
  child.stdout?.on("data", (d) => {
    output += d;
    stdout += d;
  });
  child.stderr?.on("data", (d) => (output += d));
  const deadline = Date.now() + 90_000;
  while (opts.waitForReady && !READY.test(stdout)) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) throw new Error(`the app never printed the address to open: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) throw new Error(`the app did not answer: ${output}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/providers`).catch(() => undefined);
    if (res?.status === 200) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, ms: Date.now() - t0, output: () => output, stdout: () => stdout };
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });

describe("npm start runs the compiled server in one process", () => {
  // Builds, makes a database and starts the app twice: on a loaded 2-core machine that is more than
  // the server project's 30 s (each start has its own 90 s deadline above).
  it("the build is plain JavaScript that starts without a compiler or a child process, stops cleanly and starts again", {
    timeout: 240_000,
  }, async () => {
    // @ts-expect-error: a plain .mjs script without types
    const { buildServer } = await import("../../scripts/build-server.mjs");
    await buildServer(outDir);
    const main = path.join(outDir, "main.js");
    expect(fs.readFileSync(main, "utf8")).not.toMatch(/from "(tsx|esbuild|typescript)"/);
    // The packages of every request are bundled in (one file read instead of hundreds resolved).
    const chunks = fs.readdirSync(path.join(outDir, "chunks")).filter((f) => f.endsWith(".js"));
    const code = chunks.map((f) => fs.readFileSync(path.join(outDir, "chunks", f), "utf8")).join("\n");
    expect(code).toContain("Server listening");
    expect(code).not.toMatch(/from "(fastify|drizzle-orm|zod|pg|pino)"/);

    const port = await freePort();
    // Output piped, LOG_FORMAT=json: the address to open arrives before any request, every line is JSON.
    const first = await start(main, port, { env: { LOG_FORMAT: "json" }, waitForReady: true });
    const jsonLines = first.stdout().trim().split("\n");
    const parsed = jsonLines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(parsed.some((l) => l.level === 30 && READY.test(l.msg))).toBe(true);
    expect(parsed.some((l) => l.msg === "request")).toBe(false);
    expect(nodeChildren(first.child.pid as number)).toEqual([]);
    const user = await fetch(`http://127.0.0.1:${port}/api/auth/user`);
    expect(user.status).toBe(401);
    expect(await user.json()).toEqual({ message: "Unauthorized" });
    expect(await stop(first.child)).toBe(0);

    // A second start on the same data directory (the embedded PostgreSQL restarts, no initdb).
    // LOG_FORMAT=pretty: readable lines (time, level, message), the ready line among them, no JSON.
    const second = await start(main, port, { env: { LOG_FORMAT: "pretty" }, waitForReady: true });
    expect(second.output()).not.toContain("Initialising embedded PostgreSQL");
    expect(second.stdout()).toMatch(/^\d\d:\d\d:\d\d INFO {2}Fellowship is ready: open http:\/\/localhost:\d+/m);
    expect(second.stdout()).not.toContain('"level"');
    console.log(`compiled server: first start answered in ${first.ms} ms, second in ${second.ms} ms`);

    // A request still arriving when SIGTERM comes (its body trickles in): it gets 10 s, then its
    // connection is cut, and the process still exits 0 with PostgreSQL stopped cleanly, within 15 s.
    const held = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => held.once("connect", resolve));
    held.write("POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n");
    held.write("Content-Length: 1000\r\n\r\n{");
    const heldClosed = new Promise((resolve) => held.once("close", resolve));
    const t0 = Date.now();
    expect(await stop(second.child)).toBe(0);
    await heldClosed;
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(fs.existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
  });
});

describe("npm start stops on the signal a service manager sends", () => {
  it("SIGTERM to the npm process alone stops every process of the app within 15 s, PostgreSQL cleanly", {
    timeout: 120_000,
  }, async () => {
    // systemd, Docker and Kubernetes signal the main process only: here, npm.
    const port = await freePort();
    const app = await start("npm", port);
    const npmPid = app.child.pid as number;
    const tree = processTree(npmPid);
    descendants.push(...tree);
    const postmaster = postmasterPid(dataDir);
    expect(isAlive(postmaster)).toBe(true);
    process.kill(npmPid, "SIGTERM");
    const t0 = Date.now();
    for (const pid of [...tree, postmaster]) expect(await waitGone(pid, 15_000 - (Date.now() - t0))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
    expect(app.output()).toContain("SIGTERM: shutting down");
    expect(await fetch(`http://127.0.0.1:${port}/api/auth/user`).catch(() => "refused")).toBe("refused");
  });
});
