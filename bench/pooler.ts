/**
 * `node --import tsx bench/pooler.ts`: the hot reads through PgBouncer in transaction pooling mode
 * against the same reads straight on PostgreSQL (issue 30, "a pooler"; README "Behind a connection
 * pooler").
 *
 * 1. the server compiled into a folder of this run's own (scripts/build-server.mjs, in .tmp), an embedded
 *    PostgreSQL of its own, and Debian's PgBouncer in front of it (pool_mode=transaction,
 *    BENCH_POOLER_POOL server connections, default 10: the app pool's own size, so only the extra hop
 *    differs);
 * 2. two app processes as `npm start` runs them (NODE_ENV=production, the default log level to a
 *    file): "direct" with DATABASE_URL on PostgreSQL, "pooled" with DATABASE_URL through PgBouncer and
 *    DATABASE_DIRECT_URL on PostgreSQL;
 * 3. a church with a member, 20 sermons and 10 events (through the API); then BENCH_POOLER_ROUNDS (2)
 *    rounds of each case on both apps, their order swapped every round, autocannon with
 *    BENCH_CONNECTIONS (50) for BENCH_DURATION s (10) after a 2 s warm-up. The rate limit is raised
 *    above what one address sends (RATE_LIMIT_PER_HOUR=1e9: still counted).
 *
 * Prints a markdown table (figures in bench/RESULTS.md). Loopback only.
 */

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../server/src/db/embedded";
import { showPgBouncer, startPgBouncer } from "../server/test/pgbouncer";
import {
  api,
  DASHBOARD_CALLS,
  fmt,
  loadPaths,
  PASSWORD,
  ROOT,
  registerAdmin,
  sessionOf,
  startApp,
  stopAll,
} from "./bench-apps";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_POOLER_ROUNDS ?? 2)));
const CONNECTIONS = Math.round(Number(process.env.BENCH_CONNECTIONS ?? 50));
const POOL = Math.round(Number(process.env.BENCH_POOLER_POOL ?? 10));

const CASES = [
  { name: "GET /api/auth/user", paths: ["/api/auth/user"] },
  { name: "GET /api/user/stats", paths: ["/api/user/stats"] },
  { name: "the member dashboard's 5 calls", paths: DASHBOARD_CALLS },
  { name: "GET /api/notifications", paths: ["/api/notifications"] },
];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-bench-pooler-"));

/** The compiled server as `npm start` runs it; the limiter raised above what one address sends (still counted). */
const startServer = (name: string, main: string, env: Record<string, string>) =>
  startApp(
    name,
    env.DATABASE_URL,
    tmp,
    { RATE_LIMIT_PER_HOUR: "1000000000", ...env },
    { main, probe: "/readyz", untilOk: true },
  );

/** A church (its admin), 20 sermons, 10 events and a member signed in; the member's cookie. */
async function seed(base: string): Promise<string> {
  const { cookie: admin } = await registerAdmin(base, "pooler");
  for (let i = 0; i < 20; i++) {
    const date = new Date(Date.UTC(2026, 0, 4 + 7 * i)).toISOString().slice(0, 10);
    await api(
      base,
      "POST",
      "/api/sermons",
      {
        title: `Sermon ${i + 1}`,
        speaker: "Pastor John",
        date,
        videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        audioUrl: null,
        notesUrl: null,
        series: null,
        description: "A message on trust.",
        notes: null,
        duration: 45,
        tags: ["faith"],
      },
      admin,
    );
  }
  for (let i = 0; i < 10; i++) {
    const start = new Date(Date.now() + (i + 1) * 3 * 86_400_000);
    await api(
      base,
      "POST",
      "/api/events",
      {
        title: `Event ${i + 1}`,
        description: "Together.",
        location: "Fellowship Hall",
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 90 * 60_000).toISOString(),
        streamUrl: null,
      },
      admin,
    );
  }
  const invitation = await api(
    base,
    "POST",
    "/api/invitations",
    { email: "member@pooler.example", role: "CONGREGANT" },
    admin,
  );
  const member = await api(base, "POST", "/api/auth/register", {
    email: "member@pooler.example",
    password: PASSWORD,
    firstName: "Bench",
    lastName: "Member",
    invitationToken: invitation.json.token,
  });
  return sessionOf(member.res);
}

type TRun = Awaited<ReturnType<typeof loadPaths>>;

const measure = (base: string, paths: string[], cookie: string, duration: number): Promise<TRun> =>
  loadPaths(base, paths, cookie, duration, CONNECTIONS);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main(): Promise<number> {
  console.log(`bench/pooler: building the server into ${tmp} …`);
  // @ts-expect-error: a plain .mjs script without types
  const { buildServer } = await import("../scripts/build-server.mjs");
  // Inside the repository: the compiled server loads its external packages from node_modules.
  const serverDir = path.join(ROOT, ".tmp", `bench-pooler-server-${process.pid}`);
  await buildServer(serverDir);
  const embedded = await startEmbeddedPostgres(path.join(tmp, "pg"), { maxConnections: 200 });
  try {
    const secret = randomBytes(32).toString("hex");
    const main = path.join(serverDir, "main.js");
    const direct = await startServer("direct", main, { DATABASE_URL: embedded.url, APP_SECRET: secret });
    const bouncer = await startPgBouncer(embedded.url, { poolSize: POOL });
    try {
      const pooled = await startServer("pooled", main, {
        DATABASE_URL: bouncer.url,
        DATABASE_DIRECT_URL: embedded.url,
        APP_SECRET: secret,
      });
      const cookie = await seed(direct.url);
      const apps = [direct, pooled];
      const runs = new Map<string, TRun[]>();
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? apps : [...apps].reverse();
        for (const c of CASES) {
          for (const app of order) {
            await measure(app.url, c.paths, cookie, 2);
            const r = await measure(app.url, c.paths, cookie, DURATION);
            const key = `${c.name}|${app.name}`;
            runs.set(key, [...(runs.get(key) ?? []), r]);
            console.log(
              `  round ${round + 1} ${c.name} ${app.name}: ${fmt(r.reqPerSec)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, failures ${r.failures}`,
            );
          }
        }
      }
      const stats = await showPgBouncer<{ database: string; total_xact_count: string; avg_xact_time: string }>(
        bouncer.adminUrl,
        "SHOW STATS",
      );
      const servers = await showPgBouncer<{ database: string }>(bouncer.adminUrl, "SHOW SERVERS");
      const dbName = new URL(embedded.url).pathname.slice(1);
      const dbStats = stats.find((s) => s.database === dbName);

      console.log(
        `\n| case | direct req/s | pooled req/s | pooled/direct | direct p50 / p99 ms | pooled p50 / p99 ms | failures |`,
      );
      console.log("|---|---:|---:|---:|---:|---:|---:|");
      let failures = 0;
      for (const c of CASES) {
        const d = runs.get(`${c.name}|direct`) ?? [];
        const p = runs.get(`${c.name}|pooled`) ?? [];
        const f = [...d, ...p].reduce((n, r) => n + r.failures, 0);
        failures += f;
        const dr = mean(d.map((r) => r.reqPerSec));
        const pr = mean(p.map((r) => r.reqPerSec));
        console.log(
          `| ${c.name} | ${fmt(dr)} | ${fmt(pr)} | ${fmt(pr / dr, 2)} | ${fmt(mean(d.map((r) => r.p50)))} / ${fmt(mean(d.map((r) => r.p99)))} | ${fmt(mean(p.map((r) => r.p50)))} / ${fmt(mean(p.map((r) => r.p99)))} | ${f} |`,
        );
      }
      console.log(
        `\nPgBouncer: ${dbStats?.total_xact_count ?? "?"} transactions, average ${dbStats?.avg_xact_time ?? "?"} µs each (over the last stats period); ${servers.filter((s) => s.database === dbName).length} server connections open (pool ${POOL}); ${ROUNDS} round(s) of ${DURATION} s per case and app, ${CONNECTIONS} connections.`,
      );
      return failures > 0 ? 1 : 0;
    } finally {
      await stopAll();
      await bouncer.stop();
    }
  } finally {
    await embedded.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(serverDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    void stopAll().finally(() => process.exit(1));
  },
);
