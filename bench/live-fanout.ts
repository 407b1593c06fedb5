/**
 * The live chat fan-out (issue 10, "Performance"), called by bench/run.ts: `N` viewer sockets on
 * the live event, a chat message posted every 200 ms, and per message the time from sending the POST
 * to the frame reaching the LAST of the `N` sockets. The same clients, frames and pace against a bare
 * `ws` server (bench/live-bare-server.ts) in the same run give the ceiling on this machine.
 *
 * Per viewer count: a fresh app process (`node scripts/start.mjs`, as users run it) whose memory
 * (PSS and RSS from /proc) is read before the sockets join, with half of them and with all; then a
 * fresh bare server with as many sockets; then two fresh app processes on the same database with half
 * the sockets each, messages posted to the first (the frame reaches the second through PostgreSQL
 * NOTIFY), compared with the same bare run. The sockets share a few member sessions (the server
 * counts connections, not members); posts rotate over `MEMBERS` members so that none passes the
 * chat's per-member pace (5 in 10 s). Besides latency, each run reports the server processes' CPU
 * time per message (from /proc), which the machine's other load disturbs far less than latency.
 *
 * The clients run in worker threads of the bench process (bench/live-viewers.ts) and compete for the
 * machine's cores with the server: the same for the app and the bare server, so their ratio is fair,
 * but the absolute latencies include the clients' own time to read `N` frames.
 *
 * Environment: BENCH_LIVE_VIEWERS (comma-separated, default "1000,5000,10000"), BENCH_LIVE_PROCESSES
 * ("1,2"), BENCH_LIVE_WARMUP (s, default 2), BENCH_LIVE_DURATION (s, default 10),
 * BENCH_LIVE_INTERVAL_MS (default 200), BENCH_LIVE_CLIENT_THREADS (worker threads holding the sockets,
 * default 1: on two cores a second one takes the server's core while it writes, measured), BENCH_LIVE_TRACE (set: print each measured message's latency, in order).
 */
import fs from "node:fs";
import type pg from "pg";
import { MARK, now, ViewerPool } from "./live-viewers";

function envList(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (!raw) return fallback;
  const out = raw.split(",").map((s) => Number(s.trim()));
  if (out.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`${name} must list positive integers`);
  return out;
}

const VIEWERS = envList("BENCH_LIVE_VIEWERS", [1000, 5000, 10000]);
const PROCESSES = envList("BENCH_LIVE_PROCESSES", [1, 2]);
const [WARMUP_S] = envList("BENCH_LIVE_WARMUP", [2]);
const [DURATION_S] = envList("BENCH_LIVE_DURATION", [10]);
const [INTERVAL_MS] = envList("BENCH_LIVE_INTERVAL_MS", [200]);
const [CLIENT_THREADS] = envList("BENCH_LIVE_CLIENT_THREADS", [1]);
/** Members who post (and whose sessions the viewers share): each posts once every MEMBERS × INTERVAL_MS. */
const MEMBERS = 25;
/** After the last post, how long stragglers may still arrive. */
const DRAIN_MS = 20_000;
/** Sockets opened and closed before the memory is read, so that what the first ones load is not counted. */
const PRIMING_SOCKETS = 20;
const CLK_TCK = 100;
/** Which member posts next: rotates over the whole part, so no member posts twice in a row across runs. */
let nextPoster = 0;

export type TLiveProcess = { name: string; url: string; pid: number; stop: () => Promise<void> };

export type TLiveDeps = {
  /** The bench's app (already running): members sign in and the stream starts through it. */
  appUrl: string;
  /** The church admin's `fellowship_session=...` and password (members get the same password). */
  cookie: string;
  password: string;
  adminId: string;
  churchId: string;
  db: pg.Pool;
  /** Starts a fresh app process on the bench's database; resolves once it answers. */
  startApp: (name: string) => Promise<TLiveProcess>;
  /** Starts bench/live-bare-server.ts; resolves once it answers. */
  startBare: () => Promise<TLiveProcess>;
};

/** A rough upper bound of the part's time, for run.ts's overall budget. */
export function liveBudgetMs(): number {
  const perRun = (WARMUP_S + DURATION_S) * 1000 + DRAIN_MS + 90_000;
  return VIEWERS.length * (PROCESSES.length + 1) * perRun;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Utime + stime of a process (all its threads), in ms. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

/** RSS and PSS of a process, in MiB. */
export function memoryMb(pid: number): { rss: number; pss: number } {
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(rollup)?.[1] ?? 0) / 1024;
  return { rss: field("Rss"), pss: field("Pss") };
}

/**
 * With BENCH_LIVE_HEAP_DIR set (and the app started with `--heapsnapshot-signal=SIGUSR2
 * --diagnostic-dir=<that folder>` in BENCH_APP_NODE_ARGS): a heap snapshot of the app before the
 * sockets join and after, for `node bench/heap-diff.mjs` to tell what a socket costs by kind
 * (BENCH_LIVE_HEAP_VIEWERS: only in the row of that many viewers).
 */
async function heapSnapshot(pid: number, label: string, viewers: number): Promise<void> {
  const dir = process.env.BENCH_LIVE_HEAP_DIR;
  // BENCH_LIVE_HEAP_VIEWERS: only that row's app (a snapshot inflates the process's memory figures).
  if (!dir || Number(process.env.BENCH_LIVE_HEAP_VIEWERS ?? viewers) !== viewers) return;
  const list = () => fs.readdirSync(dir).filter((f) => f.endsWith(".heapsnapshot"));
  const had = new Set(list());
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 120_000;
  let file: string | undefined;
  let size = -1;
  while (Date.now() < deadline) {
    await sleep(1000);
    file ??= list().find((f) => !had.has(f));
    if (!file) continue;
    const now = fs.statSync(`${dir}/${file}`).size;
    if (now === size && now > 0) break;
    size = now;
  }
  console.log(`bench: live: heap snapshot ${label}: ${file ? `${dir}/${file}` : "none written"}`);
}

const sumOf = (ms: { rss: number; pss: number }[], k: "rss" | "pss") => ms.reduce((s, m) => s + m[k], 0);

type TRun = {
  p50: number;
  p99: number;
  /** Measured messages (posted in the measured window). */
  messages: number;
  /** Measured messages whose frame did not reach every socket within the drain time. */
  incomplete: number;
  /**
   * Messages delivered per second: frames delivered per socket, less one, over the time from the
   * first measured message's last arrival to the last one's (the pace of the posts when it keeps up).
   */
  msgsPerSec: number;
  /** CPU time of the server process(es) per message, warm-up included, until all had arrived. */
  serverCpuMsPerMsg: number;
  /** The bench process's (the clients') CPU use over the same time, in cores. */
  clientCores: number;
  /** The machine's 1-minute load average when the measured window began (others share it). */
  load: number;
  /** The server process(es)' PSS growth per 1,000 viewers, from none to all, in MiB. */
  pssPerK?: number;
  failures: string[];
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/**
 * Posts a message every INTERVAL_MS for WARMUP_S + DURATION_S (open loop: a slow answer does not
 * delay the next post) and measures the messages posted after the warm-up.
 */
async function drive(
  pool: ViewerPool,
  sockets: number,
  post: (seq: number) => Promise<string | null>,
  serverPids: number[],
): Promise<TRun> {
  await pool.reset();
  const failures: string[] = [];
  const pending: Promise<void>[] = [];
  const sentAt: number[] = [];
  const total = Math.round(((WARMUP_S + DURATION_S) * 1000) / INTERVAL_MS);
  const warm = Math.round((WARMUP_S * 1000) / INTERVAL_MS);
  // CPU is counted from the first post until every message arrived, over all the messages: a server
  // that falls behind does part of a window's work after it.
  const cpu0 = serverPids.reduce((s, pid) => s + cpuMs(pid), 0);
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  let load = 0;
  for (let seq = 0; seq < total; seq++) {
    const wait = t0 + seq * INTERVAL_MS - performance.now();
    if (wait > 0) await sleep(wait);
    if (seq === warm) load = Number(fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
    sentAt[seq] = now();
    pending.push(
      post(seq).then(
        (problem) => {
          if (problem) failures.push(`message ${seq}: ${problem}`);
        },
        (err: Error) => {
          failures.push(`message ${seq}: ${err.message}`);
        },
      ),
    );
  }
  await Promise.all(pending);
  const deadline = Date.now() + DRAIN_MS;
  while (Date.now() < deadline && sentAt.some((_, seq) => pool.completedAt(seq) === undefined)) await sleep(20);
  const spanMs = performance.now() - t0;
  const cpu = serverPids.reduce((s, pid) => s + cpuMs(pid), 0) - cpu0;
  const client = process.cpuUsage(client0);

  const arrivals = await pool.report();
  const measured = sentAt.map((at, seq) => ({ seq, at })).slice(warm);
  const latencies: number[] = [];
  for (const { seq, at } of measured) {
    const done = pool.completedAt(seq);
    if (done !== undefined) latencies.push(done - at);
  }
  if (process.env.BENCH_LIVE_TRACE)
    console.log(`bench: live: latencies in order (ms): ${latencies.map((l) => Math.round(l)).join(" ")}`);
  latencies.sort((a, b) => a - b);
  const lastOf = (seq: number) => arrivals.get(seq)?.last ?? 0;
  const first = lastOf(measured[0].seq);
  const last = Math.max(...measured.map((m) => lastOf(m.seq)));
  const frames = measured.reduce((s, m) => s + Math.min(arrivals.get(m.seq)?.got ?? 0, sockets), 0);
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    messages: measured.length,
    incomplete: measured.length - latencies.length,
    msgsPerSec: (frames / sockets - 1) / ((last - first) / 1000),
    serverCpuMsPerMsg: cpu / total,
    clientCores: (client.user + client.system) / 1000 / spanMs,
    load,
    failures,
  };
}

// ---------------------------------------------------------------------------------------------
// The part

type TRow = {
  viewers: number;
  processes: number;
  app: TRun;
  bare: TRun | undefined;
  /** PSS growth of the app process(es) per 1,000 viewers, in MiB, from no viewers to all; the same for RSS. */
  pssPerK: number;
  rssPerK: number;
  /** PSS growth per 1,000 viewers from half the viewers to all. */
  marginalPssPerK: number;
};

export async function api(url: string, method: string, body: unknown, cookie?: string) {
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return { res, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** MEMBERS congregants of the admin's church, signed in: their `fellowship_session=...` cookies. */
export async function signInMembers(
  deps: Pick<TLiveDeps, "db" | "churchId" | "adminId" | "appUrl" | "password">,
  prefix = "viewer",
): Promise<string[]> {
  const { rows } = await deps.db.query<{ email: string }>(
    `insert into users (email, first_name, last_name, role, church_id, church_joined_at, password_hash)
     select $4::text || g || '@fanout.example', 'Viewer', 'Number ' || g, 'CONGREGANT', $1, now(),
            (select password_hash from users where id = $2)
       from generate_series(1, $3::int) as g
     returning email`,
    [deps.churchId, deps.adminId, MEMBERS, prefix],
  );
  const cookies: string[] = [];
  for (const { email } of rows) {
    const { res } = await api(`${deps.appUrl}/api/auth/login`, "POST", { email, password: deps.password });
    const session = res.headers.getSetCookie().find((c) => c.startsWith("fellowship_session="));
    if (!session) throw new Error("login did not set the session cookie");
    cookies.push(session.split(";")[0]);
  }
  return cookies;
}

const pad = (seq: number) => String(seq).padStart(6, "0");
const wsUrl = (p: TLiveProcess) => `${p.url.replace(/^http:/, "ws:")}/ws`;

/** One app run: fresh processes, memory before, with half and with all the sockets, then the posts. */
async function runApp(
  deps: TLiveDeps,
  pool: ViewerPool,
  cookies: string[],
  eventId: string,
  viewers: number,
  processes: number,
): Promise<TRow> {
  const apps: TLiveProcess[] = [];
  try {
    // One after the other: the first start builds what is stale.
    for (let i = 0; i < processes; i++) apps.push(await deps.startApp(`live-app-${viewers}-${i + 1}of${processes}`));
    const urls = apps.map(wsUrl);
    await pool.connect(urls, [0, PRIMING_SOCKETS * processes], cookies, eventId);
    await pool.close();
    await sleep(2000);
    await heapSnapshot(apps[0].pid, "before", viewers);
    const before = apps.map((a) => memoryMb(a.pid));
    const t0 = performance.now();
    // Half, then the rest: the growth from half to all leaves out what grows once whatever the count.
    const half = Math.floor(viewers / 2);
    await pool.connect(urls, [0, half], cookies, eventId);
    await pool.settle(half);
    await sleep(1000);
    const middle = apps.map((a) => memoryMb(a.pid));
    await pool.connect(urls, [half, viewers], cookies, eventId);
    const isSettled = await pool.settle(viewers);
    const told = await pool.told(viewers);
    console.log(
      `bench: live: ${viewers} sockets on ${processes} app process(es) joined in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${fmt(told)} of them told the count ${fmt(viewers)}${isSettled ? "" : " (the viewer count did not settle at the full count within 20 s)"}`,
    );
    await sleep(1000);
    await heapSnapshot(apps[0].pid, "after", viewers);
    const after = apps.map((a) => memoryMb(a.pid));
    console.log(
      `bench: live: the app's PSS ${fmt(sumOf(before, "pss"))} -> ${fmt(sumOf(middle, "pss"))} -> ${fmt(sumOf(after, "pss"))} MiB, RSS ${fmt(sumOf(before, "rss"))} -> ${fmt(sumOf(after, "rss"))} MiB`,
    );
    const [a] = apps;
    const run = await drive(
      pool,
      viewers,
      async (seq) => {
        const cookie = cookies[nextPoster++ % cookies.length];
        const res = await fetch(`${a.url}/api/live-stream/${eventId}/message`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify({ message: `${MARK}${pad(seq)} Amen! Thank you for this morning's message.` }),
        });
        const text = await res.text();
        return res.status === 201 ? null : `${res.status} ${text.slice(0, 200)}`;
      },
      apps.map((p) => p.pid),
    );
    const end = apps.map((a) => memoryMb(a.pid));
    console.log(
      `bench: live: after the messages, the app's PSS ${fmt(sumOf(end, "pss"))} MiB, RSS ${fmt(sumOf(end, "rss"))} MiB`,
    );
    return {
      viewers,
      processes,
      app: run,
      bare: undefined,
      pssPerK: (sumOf(after, "pss") - sumOf(before, "pss")) / (viewers / 1000),
      rssPerK: (sumOf(after, "rss") - sumOf(before, "rss")) / (viewers / 1000),
      marginalPssPerK: (sumOf(after, "pss") - sumOf(middle, "pss")) / ((viewers - half) / 1000),
    };
  } finally {
    await pool.close();
    for (const p of apps) await p.stop();
  }
}

/** The same clients and frames against the bare `ws` server. */
async function runBare(
  deps: TLiveDeps,
  pool: ViewerPool,
  template: string,
  eventId: string,
  viewers: number,
): Promise<TRun> {
  const bare = await deps.startBare();
  try {
    // As for the app: a few sockets first, then memory before and after all join.
    await pool.connect([wsUrl(bare)], [0, PRIMING_SOCKETS], ["none"], eventId);
    await pool.close();
    await sleep(2000);
    const before = memoryMb(bare.pid);
    await pool.connect([wsUrl(bare)], [0, viewers], ["none"], eventId);
    await sleep(1000);
    const pssPerK = (memoryMb(bare.pid).pss - before.pss) / (viewers / 1000);
    const run = await drive(
      pool,
      viewers,
      async (seq) => {
        const res = await fetch(`${bare.url}/broadcast`, {
          method: "POST",
          body: template.replace(new RegExp(`${MARK}\\d{6}`), `${MARK}${pad(seq)}`),
        });
        await res.arrayBuffer();
        return res.status === 204 ? null : `bare server answered ${res.status}`;
      },
      [bare.pid],
    );
    return { ...run, pssPerK };
  } finally {
    await pool.close();
    await bare.stop();
  }
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : "–";

export function formatLiveFanout(rows: TRow[]): string {
  const lines = [
    "| Viewers | App processes | app p50 / p99 (ms) | bare p50 / p99 (ms) | bare p50 / app p50 | delivered msgs/s app / bare | server CPU ms per msg app / bare | memory per 1,000 viewers app / bare (PSS MiB) | app, half to all (PSS MiB) | clients' CPU app / bare (cores) |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const { viewers, processes, app, bare, pssPerK, marginalPssPerK } of rows) {
    const lost = app.incomplete ? ` (${app.incomplete} of ${app.messages} incomplete)` : "";
    const bareLost = bare?.incomplete ? ` (${bare.incomplete} of ${bare.messages} incomplete)` : "";
    lines.push(
      `| ${fmt(viewers)} | ${processes} | ${fmt(app.p50)} / ${fmt(app.p99)}${lost} | ${bare ? `${fmt(bare.p50)} / ${fmt(bare.p99)}${bareLost}` : "–"} | ${bare ? fmt(bare.p50 / app.p50, 2) : "–"} | ${fmt(app.msgsPerSec, 2)} / ${bare ? fmt(bare.msgsPerSec, 2) : "–"} | ${fmt(app.serverCpuMsPerMsg, 1)} / ${bare ? fmt(bare.serverCpuMsPerMsg, 1) : "–"} | ${fmt(pssPerK, 1)} / ${fmt(bare?.pssPerK ?? Number.NaN, 1)} | ${fmt(marginalPssPerK, 1)} | ${fmt(app.clientCores, 2)} / ${bare ? fmt(bare.clientCores, 2) : "–"} |`,
    );
  }
  return lines.join("\n");
}

/** Runs the whole part; answers the table's rows and what went wrong (failed posts, lost frames). */
export async function measureLiveFanout(deps: TLiveDeps): Promise<{ rows: TRow[]; failures: string[] }> {
  const cookies = await signInMembers(deps);
  await api(
    `${deps.appUrl}/api/live-stream/start`,
    "POST",
    { title: "Fan-out bench", chatEnabled: true, recordingEnabled: false },
    deps.cookie,
  );
  const live = await api(`${deps.appUrl}/api/events/live`, "GET", undefined, deps.cookie);
  const eventId = String(live.json?.id);
  console.log(
    `bench: live: ${VIEWERS.join(", ")} viewers on ${PROCESSES.join(" and ")} process(es), a message every ${INTERVAL_MS} ms, ${WARMUP_S} s warm-up + ${DURATION_S} s measured, sockets in ${CLIENT_THREADS} worker thread(s)`,
  );

  const pool = new ViewerPool(CLIENT_THREADS);
  const rows: TRow[] = [];
  const failures: string[] = [];
  const note = (what: string, run: TRun) => {
    console.log(`bench: live: ${what}: p50 ${fmt(run.p50)} ms, p99 ${fmt(run.p99)} ms; load average ${run.load}`);
    for (const f of run.failures.slice(0, 5)) failures.push(`${what}: ${f}`);
    if (run.failures.length > 5) failures.push(`${what}: … ${run.failures.length - 5} more`);
    if (run.incomplete)
      failures.push(`${what}: ${run.incomplete} of ${run.messages} messages did not reach every socket`);
  };
  try {
    for (const viewers of VIEWERS) {
      let bare: TRun | undefined;
      for (const processes of PROCESSES) {
        console.log(`bench: live: ${viewers} viewers, ${processes} app process(es) …`);
        const row = await runApp(deps, pool, cookies, eventId, viewers, processes);
        note(`${viewers} viewers on ${processes} app process(es)`, row.app);
        if (!pool.template) throw new Error("no chat frame reached a socket");
        if (!bare) {
          console.log(`bench: live: ${viewers} viewers, bare ws server …`);
          bare = await runBare(deps, pool, pool.template, eventId, viewers);
          note(`${viewers} viewers on the bare server`, bare);
        }
        row.bare = bare;
        rows.push(row);
        console.log(`\n${formatLiveFanout([row])}\n`);
      }
    }
  } finally {
    await pool.stop();
  }
  await api(`${deps.appUrl}/api/live-stream/stop`, "POST", {}, deps.cookie);
  return { rows, failures };
}
