/**
 * `node --import tsx bench/announcement-send.ts`: an urgent announcement to 5,000 members (issue 29):
 * how long the app takes to store it (the request, then the 5,000 notifications through the queue),
 * how long until the last e-mail reached a local SMTP server on loopback, e-mails per second, and the
 * app's peak resident memory.
 *
 * 1. an embedded PostgreSQL in a fresh temp dir, one migrated database; an SMTP server in this
 *    process (smtp-server, as the tests' server/test/smtp.ts) that counts what it receives;
 * 2. the app as users run it (bench/member-data.ts's way): `node scripts/start.mjs`,
 *    NODE_ENV=production, the default log level, SMTP_URL at the local server;
 * 3. an admin registered through the API, BENCH_ANNOUNCEMENT_MEMBERS members (5,000) by SQL;
 * 4. `POST /api/announcements` `{audience: {all: true}, urgent: true}` timed, then the time until
 *    every notification is stored and until the last e-mail arrived (bounded: BENCH_ANNOUNCEMENT_TIMEOUT
 *    seconds, 300); the app's VmRSS sampled every 20 ms.
 *
 * Prints a markdown table; figures in bench/RESULTS.md.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { createDb, migrateDb } from "../server/src/db/client";
import { startEmbeddedPostgres, type TEmbeddedPg } from "../server/src/db/embedded";

/** bench/run.ts's name for this part (BENCH_ONLY / BENCH_SKIP "announcement"). */
export const ANNOUNCEMENT_PART = "announcement: an urgent announcement to 5,000 members by e-mail";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOST = "127.0.0.1";
const MEMBERS = Number(process.env.BENCH_ANNOUNCEMENT_MEMBERS ?? 5000);
const TIMEOUT_S = Number(process.env.BENCH_ANNOUNCEMENT_TIMEOUT ?? 300);
const PASSWORD = "bench-password-1";

let embedded: TEmbeddedPg | undefined;
let app: ChildProcess | undefined;
let pool: pg.Pool | undefined;
let smtp: SMTPServer | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-bench-announcement-"));

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

/** A local SMTP server: every message's recipients, and when the last one arrived. */
async function startSmtp(): Promise<{ url: string; received: Map<string, number>; last: () => number }> {
  const received = new Map<string, number>();
  let lastAt = 0;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        for (const r of session.envelope.rcptTo) received.set(r.address, (received.get(r.address) ?? 0) + 1);
        lastAt = performance.now();
        callback();
      });
    },
  });
  const server = smtp;
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return { url: `smtp://${HOST}:${port}`, received, last: () => lastAt };
}

/** The app as `npm start` runs it, on a free port; resolves once it answers. */
async function startApp(dbUrl: string, smtpUrl: string): Promise<{ url: string; pid: number }> {
  const port = await freePort();
  const logFd = fs.openSync(path.join(tmp, "app.log"), "w");
  app = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      DATA_DIR: path.join(tmp, "app-data"),
      RATE_LIMIT_PER_HOUR: "0",
      NODE_ENV: "production",
      APP_SECRET: randomBytes(32).toString("hex"),
      SMTP_URL: smtpUrl,
      PORT: String(port),
      HOST,
    },
    stdio: ["ignore", logFd, "pipe"],
  });
  fs.closeSync(logFd);
  app.stderr?.on("data", (d: Buffer) => process.stderr.write(`[app] ${d}`));
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited with code ${app.exitCode}`);
    try {
      await (await fetch(`${url}/api/auth/providers`)).arrayBuffer();
      return { url, pid: app.pid as number };
    } catch {
      await sleep(200);
    }
  }
  throw new Error("the app did not answer within 240 s");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function api(appUrl: string, method: string, urlPath: string, body: unknown, cookie?: string) {
  const res = await fetch(appUrl + urlPath, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { res, status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

function sessionOf(res: Response): string {
  const session = res.headers.getSetCookie().find((c) => c.startsWith("fellowship_session="));
  if (!session) throw new Error("no session cookie");
  return session.split(";")[0];
}

const kib = (status: string, key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
const rssMiB = (pid: number) => {
  try {
    return kib(fs.readFileSync(`/proc/${pid}/status`, "utf8"), "VmRSS") / 1024;
  } catch {
    return 0;
  }
};

export type TAnnouncementSendResult = {
  members: number;
  requestSeconds: number;
  storedSeconds: number | null;
  lastMailSeconds: number | null;
  mails: number;
  distinct: number;
  twice: number;
  rssBefore: number;
  rssPeak: number;
};

async function measure(): Promise<TAnnouncementSendResult> {
  embedded = await startEmbeddedPostgres(path.join(tmp, "data"), { database: "fellowship_bench" });
  const migrator = createDb(embedded.url, { max: 1 });
  try {
    await migrateDb(migrator);
  } finally {
    await migrator.$client.end();
  }
  pool = new pg.Pool({ connectionString: embedded.url, max: 2 });
  const mail = await startSmtp();
  console.log("bench: starting the app (npm start's script: it builds what is stale first) …");
  const { url, pid } = await startApp(embedded.url, mail.url);
  const reg = await api(url, "POST", "/api/auth/register", {
    email: "admin@bench.example",
    password: PASSWORD,
    firstName: "Bench",
    lastName: "Admin",
  });
  if (!reg.res.ok) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.json)}`);
  const cookie = sessionOf(reg.res);
  const church = await api(url, "POST", "/api/churches", { name: "Bench church" }, cookie);
  if (!church.res.ok) throw new Error(`church: ${church.status} ${JSON.stringify(church.json)}`);
  const churchId = String(church.json.id);
  await pool.query(
    `insert into users (email, first_name, last_name, role, church_id, created_at, church_joined_at)
     select 'member' || g || '@bench.example', 'First' || g, 'Last' || g, 'CONGREGANT', $1, now(), now()
       from generate_series(1, $2::int) as g`,
    [churchId, MEMBERS],
  );
  // Whatever the sign-up e-mailed (a verification) has gone before the clock starts.
  await sleep(2000);
  mail.received.clear();

  const rssBefore = rssMiB(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMiB(pid));
  }, 20);
  const t0 = performance.now();
  const sent = await api(
    url,
    "POST",
    "/api/announcements",
    {
      title: "Storm: no service tomorrow",
      message: "The building is closed on Sunday. Stay safe, and watch the service online.",
      audience: { all: true },
      urgent: true,
    },
    cookie,
  );
  const requestSeconds = (performance.now() - t0) / 1000;
  if (sent.status !== 201) throw new Error(`announcement: ${sent.status} ${JSON.stringify(sent.json)}`);
  const id = String(sent.json.id);
  console.log(`bench: POST /api/announcements: ${sent.status} in ${requestSeconds.toFixed(2)} s`);

  let storedSeconds: number | null = null;
  const deadline = t0 + TIMEOUT_S * 1000;
  const members = () =>
    [...mail.received.keys()].filter((a) => a.endsWith("@bench.example") && a !== "admin@bench.example");
  while (performance.now() < deadline) {
    if (storedSeconds === null) {
      const n = await pool.query<{ n: number }>(
        "select count(*)::int as n from notifications where kind = 'announcement' and related_id = $1",
        [id],
      );
      if (n.rows[0].n >= MEMBERS) {
        storedSeconds = (performance.now() - t0) / 1000;
        console.log(`bench: ${MEMBERS} notifications stored after ${storedSeconds.toFixed(2)} s`);
      }
    }
    if (members().length >= MEMBERS) break;
    await sleep(100);
  }
  const arrived = members().length;
  // Anything sent twice would arrive now.
  await sleep(2000);
  clearInterval(sampler);
  const lastMailSeconds = arrived >= MEMBERS ? (mail.last() - t0) / 1000 : null;
  const counts = members().map((a) => mail.received.get(a) ?? 0);
  return {
    members: MEMBERS,
    requestSeconds,
    storedSeconds,
    lastMailSeconds,
    mails: counts.reduce((a, b) => a + b, 0),
    distinct: counts.length,
    twice: counts.filter((n) => n > 1).length,
    rssBefore,
    rssPeak,
  };
}

export function formatAnnouncementSend(r: TAnnouncementSendResult): string {
  const s = (n: number | null) => (n === null ? `not within ${TIMEOUT_S} s` : `${n.toFixed(2)} s`);
  const perSecond = r.lastMailSeconds ? (r.mails / r.lastMailSeconds).toFixed(0) : "–";
  return [
    "| Members | POST answered | Notifications stored | Last e-mail arrived | E-mails (distinct, twice) | E-mails/s | App memory before → peak |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${r.members.toLocaleString("en-US")} | ${s(r.requestSeconds)} | ${s(r.storedSeconds)} | ${s(r.lastMailSeconds)} | ${r.mails} (${r.distinct}, ${r.twice}) | ${perSecond} | ${r.rssBefore.toFixed(0)} → ${r.rssPeak.toFixed(0)} MiB |`,
  ].join("\n");
}

async function cleanup() {
  if (app && app.exitCode === null && app.signalCode === null) {
    const child = app;
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
      child.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill("SIGTERM");
    });
  }
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await pool?.end().catch(() => {});
  await embedded?.stop().catch((err) => console.error("could not stop PostgreSQL:", err));
  fs.rmSync(tmp, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  let code = 1;
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
  try {
    console.log(`bench: ${MEMBERS} members; ${os.cpus().length} CPUs, Node ${process.version}, load average ${load()}`);
    const r = await measure();
    console.log(`\n${formatAnnouncementSend(r)}\n`);
    console.log(`bench: load average ${load()}`);
    code = r.lastMailSeconds !== null && r.twice === 0 ? 0 : 1;
  } catch (err) {
    console.error("bench:", err);
  } finally {
    await cleanup();
  }
  process.exit(code);
}
