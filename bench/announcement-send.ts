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

import fs from "node:fs";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { startEmbeddedPostgres, type TEmbeddedPg } from "../server/src/db/embedded";
import { HOST, migrate, registerAdmin, request, sleep, startApp, stopAll } from "./bench-apps";

/** bench/run.ts's name for this part (BENCH_ONLY / BENCH_SKIP "announcement"). */
export const ANNOUNCEMENT_PART = "announcement: an urgent announcement to 5,000 members by e-mail";

const MEMBERS = Number(process.env.BENCH_ANNOUNCEMENT_MEMBERS ?? 5000);
const TIMEOUT_S = Number(process.env.BENCH_ANNOUNCEMENT_TIMEOUT ?? 300);

let embedded: TEmbeddedPg | undefined;
let pool: pg.Pool | undefined;
let smtp: SMTPServer | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-bench-announcement-"));

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
  await migrate(embedded.url);
  pool = new pg.Pool({ connectionString: embedded.url, max: 2 });
  const mail = await startSmtp();
  console.log("bench: starting the app (npm start's script: it builds what is stale first) …");
  const { url, pid } = await startApp("app", embedded.url, tmp, { SMTP_URL: mail.url });
  const { cookie, churchId } = await registerAdmin(url, "bench");
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
  const sent = await request(
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
  await stopAll();
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
