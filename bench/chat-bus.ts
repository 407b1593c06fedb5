/**
 * `node --import tsx bench/chat-bus.ts` (bench/run.ts's part "chat bus", issue 30): how many chat
 * messages a second the processes' bus (PostgreSQL NOTIFY, server/src/lib/cache-bus.ts `sendFrame`)
 * carries before a message's delivery p99 passes 300 ms.
 *
 * A. The app: an embedded PostgreSQL, one migrated database, BENCH_BUS_PROCESSES (4) app processes
 *    as `npm start` runs them; an admin starts a live stream through the API; BENCH_BUS_POSTERS
 *    (3,000) members, signed in by SQL sessions (bench-apps.ts `createSessions`), since each may post
 *    only 5 messages in 10 s; BENCH_BUS_VIEWERS (100) viewer sockets spread evenly over the processes
 *    (bench/live-viewers.ts's worker). Then, for each rate in BENCH_BUS_RATES (messages a second),
 *    open-loop POSTs spread round-robin over the processes (so three in four frames cross the bus)
 *    for 1 s of warm-up + BENCH_BUS_STEP_S (6 s); per measured message, the time from sending its POST
 *    to its frame reaching the LAST socket on any process. It stops at the first rate whose p99 passes
 *    300 ms (or that loses a frame). The viewers are few on purpose: what is measured is the bus and the
 *    POST, not the fan-out to sockets (bench/live-fanout.ts's part).
 * B. The bare bus: the same PostgreSQL, BENCH_BUS_PROCESSES listening connections and as many sending
 *    ones, `select pg_notify(...)` with a chat frame's size (400 bytes) at rising rates: the time from
 *    sending to the last listener; NOTIFY's own ceiling on this machine, with no app around it.
 *
 * Prints markdown tables; figures in bench/RESULTS.md. Loopback only, 2 to 5 minutes on 2 cores.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres, type TEmbeddedPg } from "../server/src/db/embedded";
import { api, createSessions, fmt, migrate, percentile, registerAdmin, sleep, startApp, type TApp } from "./bench-apps";
import { MARK, now, ViewerPool } from "./live-viewers";

function envList(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (!raw) return fallback;
  const out = raw.split(",").map((s) => Number(s.trim()));
  if (out.some((n) => !Number.isFinite(n) || n <= 0)) throw new Error(`${name} must list positive numbers`);
  return out;
}

const [PROCESSES] = envList("BENCH_BUS_PROCESSES", [4]);
const [POSTERS] = envList("BENCH_BUS_POSTERS", [1500]);
const [VIEWERS] = envList("BENCH_BUS_VIEWERS", [100]);
const [STEP_S] = envList("BENCH_BUS_STEP_S", [6]);
const RATES = envList("BENCH_BUS_RATES", [10, 25, 50, 100, 150, 200, 300, 400, 600]);
const BARE_RATES = envList("BENCH_BUS_BARE_RATES", [500, 1000, 2000, 4000, 8000, 16000]);
const WARMUP_S = 1;
const DRAIN_MS = 5000;
const LIMIT_MS = 300;
/** Past this p99 the step is saturated: higher rates would only queue more. */
const GIVE_UP_MS = 3000;
const CLK_TCK = 100;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-bench-chat-bus-"));
let embedded: TEmbeddedPg | undefined;
const apps: TApp[] = [];
const clients: pg.Client[] = [];
let db: pg.Pool | undefined;
let pool: ViewerPool | undefined;

/** The embedded PostgreSQL's processes (the postmaster and its children), from its postmaster.pid. */
function postgresPids(): number[] {
  const pidFile = (dir: string): string | undefined => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isFile() && e.name === "postmaster.pid") return full;
      if (e.isDirectory()) {
        const found = pidFile(full);
        if (found) return found;
      }
    }
    return undefined;
  };
  const file = pidFile(path.join(tmp, "pg"));
  if (!file) return [];
  const master = Number(fs.readFileSync(file, "utf8").split("\n")[0]);
  const children = fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === master;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [master, ...children];
}

/** Utime + stime of a process, in ms (0 once it is gone). */
function cpuMs(pid: number): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return 0;
  }
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

type TStep = {
  rate: number;
  sent: number;
  p50: number;
  p99: number;
  /** The POST's own answer time (or pg_notify's), p50 and p99: what the sender waits for. */
  postP50: number;
  postP99: number;
  lost: number;
  failed: number;
  appCores: number;
  /** From the POST's answer to the last socket: the frame's way through the bus and the fan-out. */
  afterP99: number;
  /** CPU time per message of the app processes and of PostgreSQL (all its processes), in ms. */
  appCpuPerMsg: number;
  pgCpuPerMsg: number;
  load: number;
};

/** Posts at `rate` a second for WARMUP_S + STEP_S, open loop; the measured messages' delivery. */
async function runStep(
  rate: number,
  post: (seq: number) => Promise<string | null>,
  completedAt: (seq: number) => number | undefined,
  pids: number[],
): Promise<TStep & { failures: string[] }> {
  const interval = 1000 / rate;
  const total = Math.round((WARMUP_S + STEP_S) * rate);
  const warm = Math.round(WARMUP_S * rate);
  const sentAt: number[] = [];
  const answeredIn: number[] = [];
  const answeredAt: number[] = [];
  const pgPids = postgresPids();
  const pg0 = pgPids.reduce((s, p) => s + cpuMs(p), 0);
  const failures: string[] = [];
  const pending: Promise<void>[] = [];
  const cpu0 = pids.reduce((s, p) => s + cpuMs(p), 0);
  const t0 = performance.now();
  let load = 0;
  for (let seq = 0; seq < total; seq++) {
    const wait = t0 + seq * interval - performance.now();
    if (wait > 1) await sleep(wait);
    if (seq === warm) load = Number(fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
    sentAt[seq] = now();
    pending.push(
      post(seq).then(
        (problem) => {
          answeredAt[seq] = now();
          if (seq >= warm) answeredIn.push(answeredAt[seq] - sentAt[seq]);
          if (problem) failures.push(problem);
        },
        (err: Error) => void failures.push(err.message),
      ),
    );
  }
  await Promise.all(pending);
  const deadline = Date.now() + DRAIN_MS;
  while (Date.now() < deadline && sentAt.some((_, seq) => completedAt(seq) === undefined)) await sleep(20);
  const cpu = pids.reduce((s, p) => s + cpuMs(p), 0) - cpu0;
  const pgCpu = pgPids.reduce((s, p) => s + cpuMs(p), 0) - pg0;
  const after: number[] = [];
  for (let seq = warm; seq < total; seq++) {
    const done = completedAt(seq);
    if (done !== undefined && answeredAt[seq] !== undefined) after.push(Math.max(0, done - answeredAt[seq]));
  }
  after.sort((a, b) => a - b);
  const latencies: number[] = [];
  let lost = 0;
  for (let seq = warm; seq < total; seq++) {
    const done = completedAt(seq);
    if (done === undefined) lost++;
    else latencies.push(done - sentAt[seq]);
  }
  latencies.sort((a, b) => a - b);
  answeredIn.sort((a, b) => a - b);
  if (process.env.BENCH_BUS_TRACE)
    console.log(
      `bench: chat bus: delivery in order (ms): ${sentAt.map((at, seq) => Math.round((completedAt(seq) ?? Number.NaN) - at)).join(" ")}`,
    );
  return {
    rate,
    sent: total - warm,
    p50: percentile(latencies, 0.5),
    p99: lost ? Number.POSITIVE_INFINITY : percentile(latencies, 0.99),
    postP50: percentile(answeredIn, 0.5),
    postP99: percentile(answeredIn, 0.99),
    lost,
    failed: failures.length,
    appCores: cpu / (performance.now() - t0),
    afterP99: percentile(after, 0.99),
    appCpuPerMsg: cpu / total,
    pgCpuPerMsg: pgCpu / total,
    load,
    failures,
  };
}

const pad = (seq: number) => String(seq).padStart(6, "0");

async function measureApp(dbUrl: string): Promise<TStep[]> {
  // One after the other: the first start builds what is stale.
  for (let i = 0; i < PROCESSES; i++) apps.push(await startApp(`bus-app-${i + 1}`, dbUrl, tmp));
  const admin = await registerAdmin(apps[0].url, "bus");
  const pg0 = db as pg.Pool;
  const { rows } = await pg0.query<{ id: string }>(
    `insert into users (email, first_name, last_name, role, church_id, church_joined_at)
     select 'poster' || g || '@bus.example', 'Poster', 'Number ' || g, 'CONGREGANT', $1, now()
       from generate_series(1, $2::int) as g returning id`,
    [admin.churchId, POSTERS],
  );
  const cookies = await createSessions(
    pg0,
    rows.map((r) => r.id),
  );
  await api(
    apps[0].url,
    "POST",
    "/api/live-stream/start",
    { title: "Bus bench", chatEnabled: true, recordingEnabled: false },
    admin.cookie,
  );
  const live = await api(apps[0].url, "GET", "/api/events/live", undefined, admin.cookie);
  const eventId = String(live.json.id);
  pool = new ViewerPool(1);
  const wsUrls = apps.map((a) => `${a.url.replace(/^http:/, "ws:")}/ws`);
  await pool.connect(wsUrls, [0, VIEWERS], cookies, eventId);
  await sleep(2000);
  // Each process loads each poster's session once (then keeps it a minute): a member who chats has
  // the page open, so their session is warm; a first request's load is not the bus's cost.
  const t0 = performance.now();
  let k = 0;
  const warmOne = async () => {
    while (k < cookies.length * apps.length) {
      const i = k++;
      await api(apps[i % apps.length].url, "GET", "/api/auth/user", undefined, cookies[Math.floor(i / apps.length)]);
    }
  };
  await Promise.all(Array.from({ length: 16 }, warmOne));
  console.log(
    `bench: chat bus: ${VIEWERS} sockets on ${PROCESSES} processes, ${POSTERS} posters' sessions loaded in ${fmt((performance.now() - t0) / 1000, 1)} s`,
  );

  let next = 0;
  const steps: TStep[] = [];
  const viewers = pool;
  for (const rate of RATES) {
    await viewers.reset();
    const step = await runStep(
      rate,
      async (seq) => {
        const cookie = cookies[next++ % cookies.length];
        const res = await fetch(`${apps[seq % apps.length].url}/api/live-stream/${eventId}/message`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify({ message: `${MARK}${pad(seq)} Amen! Thank you for this morning's message.` }),
        });
        const text = await res.text();
        return res.status === 201 ? null : `${res.status} ${text.slice(0, 200)}`;
      },
      (seq) => viewers.completedAt(seq),
      apps.map((a) => a.pid),
    );
    steps.push(step);
    console.log(
      `bench: chat bus: app, ${rate} msgs/s: p50 ${fmt(step.p50)} ms, p99 ${fmt(step.p99)} ms (the POST answered: p50 ${fmt(step.postP50)} ms, p99 ${fmt(step.postP99)} ms; after the answer p99 ${fmt(step.afterP99)} ms), ${step.lost} lost, ${step.failed} failed posts${step.failures[0] ? ` (${step.failures[0]})` : ""}; CPU per message: apps ${fmt(step.appCpuPerMsg, 1)} ms, PostgreSQL ${fmt(step.pgCpuPerMsg, 1)} ms; load ${step.load}`,
    );
    if (!(step.p99 <= GIVE_UP_MS)) break;
    await sleep(2000);
  }
  await viewers.close();
  for (const a of apps) await a.stop();
  return steps;
}

/** NOTIFY alone: PROCESSES listeners, PROCESSES senders round-robin, a 400-byte payload. */
async function measureBare(dbUrl: string): Promise<TStep[]> {
  const listeners: pg.Client[] = [];
  const senders: pg.Client[] = [];
  let arrivals = new Map<number, { got: number; last: number }>();
  for (let i = 0; i < PROCESSES; i++) {
    const l = new pg.Client({ connectionString: dbUrl });
    await l.connect();
    l.on("notification", (n) => {
      const seq = Number(n.payload?.slice(0, 6));
      const a = arrivals.get(seq) ?? { got: 0, last: 0 };
      a.got++;
      a.last = Math.max(a.last, now());
      arrivals.set(seq, a);
    });
    await l.query("listen bench_bus");
    listeners.push(l);
    const s = new pg.Client({ connectionString: dbUrl });
    await s.connect();
    senders.push(s);
  }
  clients.push(...listeners, ...senders);
  const filler = "x".repeat(394);
  const steps: TStep[] = [];
  for (const rate of BARE_RATES) {
    arrivals = new Map();
    const step = await runStep(
      rate,
      async (seq) => {
        await senders[seq % senders.length].query("select pg_notify('bench_bus', $1)", [pad(seq) + filler]);
        return null;
      },
      (seq) => {
        const a = arrivals.get(seq);
        return a && a.got >= PROCESSES ? a.last : undefined;
      },
      [],
    );
    steps.push(step);
    console.log(
      `bench: chat bus: bare NOTIFY, ${rate}/s: p50 ${fmt(step.p50, 1)} ms, p99 ${fmt(step.p99, 1)} ms, ${step.lost} lost`,
    );
    if (!(step.p99 <= LIMIT_MS)) break;
  }
  return steps;
}

function table(title: string, steps: TStep[]): string {
  const lines = [
    `| ${title} msgs/s | delivery p50 (ms) | delivery p99 (ms) | POST answer p50 / p99 (ms) | answer to last socket p99 (ms) | lost | failed posts | CPU ms per msg: apps / PostgreSQL | load |`,
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const s of steps)
    lines.push(
      `| ${fmt(s.rate)} | ${fmt(s.p50, 1)} | ${Number.isFinite(s.p99) ? fmt(s.p99, 1) : "∞ (lost)"} | ${fmt(s.postP50, 1)} / ${fmt(s.postP99, 1)} | ${fmt(s.afterP99, 1)} | ${s.lost} of ${s.sent} | ${s.failed} | ${fmt(s.appCpuPerMsg, 1)} / ${fmt(s.pgCpuPerMsg, 2)} | ${s.load} |`,
    );
  const ok = steps.filter((s) => s.p99 <= LIMIT_MS);
  lines.push(
    "",
    `${title}: the limit is ${ok.length ? fmt(ok[ok.length - 1].rate) : "under the first rate"} messages a second (the highest rate with p99 ≤ ${LIMIT_MS} ms).`,
  );
  return lines.join("\n");
}

async function main(): Promise<void> {
  console.log(`bench: chat bus: node ${process.version}, ${os.cpus().length} CPUs, ${PROCESSES} processes`);
  embedded = await startEmbeddedPostgres(path.join(tmp, "pg"), { database: "bus", maxConnections: 40 * PROCESSES });
  await migrate(embedded.url);
  db = new pg.Pool({ connectionString: embedded.url, max: 2 });
  const skip = process.env.BENCH_BUS_SKIP ?? "";
  const appSteps = skip.includes("app") ? [] : await measureApp(embedded.url);
  const bareSteps = skip.includes("bare") ? [] : await measureBare(embedded.url);
  console.log(`\n${table(`App, ${PROCESSES} processes, ${VIEWERS} sockets`, appSteps)}\n`);
  console.log(`\n${table(`Bare NOTIFY, ${PROCESSES} listeners`, bareSteps)}\n`);
  if (appSteps.some((s) => s.failed && s.p99 <= LIMIT_MS)) process.exitCode = 1;
}

async function cleanup(): Promise<void> {
  await pool?.stop().catch(() => {});
  for (const c of clients) await c.end().catch(() => {});
  for (const a of apps) await a.stop().catch(() => {});
  await db?.end().catch(() => {});
  await embedded?.stop().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void cleanup().finally(() => process.exit(130)));

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
