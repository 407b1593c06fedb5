/**
 * The soak (issue 30, opt-in: `BENCH_SOAK=1 npm run bench`, or alone with
 * `BENCH_SOAK=1 BENCH_ONLY=soak BENCH_SKIP=bundle,start,lighthouse npm run bench`): a fresh app
 * process as users run it, `BENCH_SOAK_SOCKETS` (default 10,000) viewer sockets on its live event,
 * a chat message every second and steady HTTP reads (`BENCH_SOAK_READS` per second, default 20:
 * the live event, its chat history and the signed-in user, in turn, open loop) for
 * `BENCH_SOAK_SECONDS` (default 600) on loopback. The app's RSS and PSS are sampled every 10 s.
 *
 * It reports: the memory's slope after the first minute (least squares over the samples, MiB per
 * minute) and its range there, every failed post or read, the sockets the server closed (none of the
 * bench's sockets stops reading), the messages that did not reach every socket, the last socket's
 * delivery p50 / p99, and how many sockets ended with the full viewer count.
 */
import { api, memoryMb, signInMembers, type TLiveDeps } from "./live-fanout";
import { MARK, now, ViewerPool } from "./live-viewers";

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
}

export const SOAK_PART = "soak";
const SOCKETS = envInt("BENCH_SOAK_SOCKETS", 10_000);
const SECONDS = envInt("BENCH_SOAK_SECONDS", 600);
const READS_PER_SECOND = envInt("BENCH_SOAK_READS", 20);
const SAMPLE_MS = 10_000;
/** Memory before this is the sockets settling in (V8's heap growing to its working size). */
const SETTLE_MS = 60_000;
const DRAIN_MS = 20_000;

export const isSoakOn = () => process.env.BENCH_SOAK === "1";
export const soakBudgetMs = () => (isSoakOn() ? SECONDS * 1000 + 600_000 : 0);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pad = (seq: number) => String(seq).padStart(6, "0");

export type TSoakResult = {
  sockets: number;
  seconds: number;
  samples: { at: number; rss: number; pss: number }[];
  /** MiB per minute after the first minute (least squares), RSS and PSS. */
  rssSlope: number;
  pssSlope: number;
  posts: number;
  reads: number;
  failures: string[];
  closed: number;
  incomplete: number;
  p50: number;
  p99: number;
  told: number;
};

function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return num / den;
}

export async function runSoak(deps: TLiveDeps): Promise<TSoakResult> {
  const cookies = await signInMembers(deps, "soak");
  const app = await deps.startApp("soak-app");
  const pool = new ViewerPool(1);
  const failures: string[] = [];
  const fail = (what: string) => {
    if (failures.length < 20) failures.push(what);
  };
  try {
    await api(
      `${deps.appUrl}/api/live-stream/start`,
      "POST",
      { title: "Soak", chatEnabled: true, recordingEnabled: false },
      deps.cookie,
    );
    const live = await api(`${deps.appUrl}/api/events/live`, "GET", undefined, deps.cookie);
    const eventId = String(live.json?.id);
    const wsUrl = `${app.url.replace(/^http:/, "ws:")}/ws`;
    const t0 = performance.now();
    await pool.connect([wsUrl], [0, SOCKETS], cookies, eventId);
    const isSettled = await pool.settle(SOCKETS, 60_000);
    console.log(
      `bench: soak: ${SOCKETS} sockets joined in ${((performance.now() - t0) / 1000).toFixed(1)} s${isSettled ? "" : " (the viewer count did not settle)"}; ${SECONDS} s of a message a second and ${READS_PER_SECOND} reads a second`,
    );
    await pool.reset();

    const reads = [
      `${app.url}/api/events/live`,
      `${app.url}/api/live-stream/messages/${eventId}`,
      `${app.url}/api/auth/user`,
    ];
    const pending: Promise<void>[] = [];
    const sentAt: number[] = [];
    const samples: TSoakResult["samples"] = [];
    let posts = 0;
    let readCount = 0;
    const start = performance.now();
    const sample = () => {
      const m = memoryMb(app.pid);
      samples.push({ at: (performance.now() - start) / 1000, ...m });
    };
    sample();
    const sampler = setInterval(sample, SAMPLE_MS);
    const reader = setInterval(() => {
      const i = readCount++;
      const cookie = cookies[i % cookies.length];
      pending.push(
        fetch(reads[i % reads.length], { headers: { cookie } }).then(
          async (res) => {
            await res.arrayBuffer();
            if (res.status !== 200) fail(`read ${reads[i % reads.length]}: ${res.status}`);
          },
          (err: Error) => fail(`read: ${err.message}`),
        ),
      );
    }, 1000 / READS_PER_SECOND);
    for (let seq = 0; seq < SECONDS; seq++) {
      const wait = start + seq * 1000 - performance.now();
      if (wait > 0) await sleep(wait);
      sentAt[seq] = now();
      posts++;
      const cookie = cookies[seq % cookies.length];
      pending.push(
        fetch(`${app.url}/api/live-stream/${eventId}/message`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify({ message: `${MARK}${pad(seq)} Amen! Thank you for this morning's message.` }),
        }).then(
          async (res) => {
            const text = await res.text();
            if (res.status !== 201) fail(`message ${seq}: ${res.status} ${text.slice(0, 200)}`);
          },
          (err: Error) => fail(`message ${seq}: ${err.message}`),
        ),
      );
    }
    clearInterval(reader);
    await Promise.all(pending);
    const deadline = Date.now() + DRAIN_MS;
    while (Date.now() < deadline && sentAt.some((_, seq) => pool.completedAt(seq) === undefined)) await sleep(50);
    clearInterval(sampler);
    sample();

    const latencies: number[] = [];
    for (const [seq, at] of sentAt.entries()) {
      const done = pool.completedAt(seq);
      if (done !== undefined) latencies.push(done - at);
    }
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)];
    const after = samples.filter((s) => s.at * 1000 >= SETTLE_MS);
    const told = await pool.told(SOCKETS);
    const closed = await pool.closedCount();
    return {
      sockets: SOCKETS,
      seconds: SECONDS,
      samples,
      rssSlope: slope(after.map((s) => ({ x: s.at / 60, y: s.rss }))),
      pssSlope: slope(after.map((s) => ({ x: s.at / 60, y: s.pss }))),
      posts,
      reads: readCount,
      failures,
      closed,
      incomplete: sentAt.length - latencies.length,
      p50: pct(0.5),
      p99: pct(0.99),
      told,
    };
  } finally {
    await pool.close();
    await pool.stop();
    await api(`${deps.appUrl}/api/live-stream/stop`, "POST", {}, deps.cookie).catch(() => {});
    await app.stop();
  }
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : "–";

export function formatSoak(r: TSoakResult): string {
  const after = r.samples.filter((s) => s.at * 1000 >= SETTLE_MS);
  const range = (k: "rss" | "pss") =>
    after.length ? `${fmt(Math.min(...after.map((s) => s[k])))}–${fmt(Math.max(...after.map((s) => s[k])))}` : "–";
  const first = r.samples[0];
  return [
    "| Sockets | Seconds | posts / reads | failed | sockets closed by the server | messages not at every socket | last socket p50 / p99 (ms) | told the full count | RSS at start → after 1 min range (MiB) | RSS slope after 1 min (MiB/min) | PSS after 1 min range (MiB) | PSS slope (MiB/min) |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| ${fmt(r.sockets)} | ${fmt(r.seconds)} | ${fmt(r.posts)} / ${fmt(r.reads)} | ${r.failures.length} | ${fmt(r.closed)} | ${fmt(r.incomplete)} | ${fmt(r.p50)} / ${fmt(r.p99)} | ${fmt(r.told)} | ${fmt(first?.rss ?? Number.NaN)} → ${range("rss")} | ${fmt(r.rssSlope, 2)} | ${range("pss")} | ${fmt(r.pssSlope, 2)} |`,
    "",
    `RSS samples every ${SAMPLE_MS / 1000} s (MiB): ${r.samples.map((s) => fmt(s.rss)).join(" ")}`,
  ].join("\n");
}
