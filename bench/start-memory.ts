/**
 * `npm start` as a user runs it (issue 7, item 6): how long a second start takes to answer, and the
 * memory the app and its embedded PostgreSQL hold at idle.
 *
 * In a fresh DATA_DIR, `node scripts/start.mjs` (what `npm start` runs; it builds what is stale first)
 * starts once (PostgreSQL is initialised, migrations run) and is stopped; then it is started
 * `STARTS` more times, each timed from the spawn to the first answer of `GET /api/auth/providers`.
 * After the last start and `IDLE_MS` of idle, the memory of the whole process tree is read from
 * /proc: RSS and PSS per process (PSS shares each shared page among the processes that map it, so
 * PostgreSQL's shared buffers count once, not once per backend).
 *
 * Runs alone: `node --import tsx bench/start-memory.ts`; bench/run.ts calls `measureStartAndMemory`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, HOST, ROOT } from "./bench-apps";

const STARTS = 5;
const IDLE_MS = 15_000;

export type TStartMemory = {
  firstStartMs: number;
  /** Each later start, spawn to first answer. */
  secondStartsMs: number[];
  /** The Node process. */
  node: { rssMb: number; pssMb: number };
  /** PostgreSQL's processes together. */
  postgres: { processes: number; rssMb: number; pssMb: number };
  totalPssMb: number;
};

/** Spawns `npm start`'s script and resolves with the time until it answered. */
async function startApp(dataDir: string, port: number): Promise<{ proc: ChildProcess; ms: number }> {
  // Only what a user sets; the embedded PostgreSQL, LOG_LEVEL and the rest at their defaults.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST };
  for (const name of ["DATABASE_URL", "LOG_LEVEL", "NODE_ENV"]) delete env[name];
  const t0 = performance.now();
  const proc = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`npm start exited with code ${proc.exitCode}`);
    try {
      const res = await fetch(`http://${HOST}:${port}/api/auth/providers`);
      await res.arrayBuffer();
      if (res.ok) return { proc, ms: performance.now() - t0 };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  proc.kill("SIGKILL");
  throw new Error("npm start did not answer within 180 s");
}

function stopApp(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => proc.kill("SIGKILL"), 20_000);
    proc.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    proc.kill("SIGTERM");
  });
}

/**
 * The app's pid, then PostgreSQL's: its postmaster (started through pg_ctl, so not the app's child;
 * found by the data directory on its command line) and every process it forked.
 */
function processTree(app: number, dataDir: string): number[] {
  const children = new Map<number, number[]>();
  const postmasters: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (path.basename(cmdline[0]) === "postgres" && cmdline.some((a) => a.startsWith(dataDir))) {
        postmasters.push(Number(entry));
      }
    } catch {
      // Gone meanwhile.
    }
  }
  const out: number[] = [];
  const queue = [app, ...postmasters];
  while (queue.length) {
    const pid = queue.shift() as number;
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

function memoryOf(pid: number): { name: string; rssKb: number; pssKb: number } {
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(rollup)?.[1] ?? 0);
  const name = fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  return { name, rssKb: field("Rss"), pssKb: field("Pss") };
}

const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;

export async function measureStartAndMemory(log: (line: string) => void = console.log): Promise<TStartMemory> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-start-"));
  const dataDir = path.join(tmp, "data");
  let proc: ChildProcess | undefined;
  try {
    const port = await freePort();
    const first = await startApp(dataDir, port);
    proc = first.proc;
    log(`start: first start (initialises PostgreSQL) answered in ${(first.ms / 1000).toFixed(2)} s`);
    const secondStartsMs: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      await stopApp(proc);
      const next = await startApp(dataDir, port);
      proc = next.proc;
      secondStartsMs.push(next.ms);
    }
    log(`start: later starts answered in ${secondStartsMs.map((ms) => (ms / 1000).toFixed(2)).join(", ")} s`);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const pid = proc.pid as number;
    const tree = [...new Set(processTree(pid, dataDir))].map(memoryOf);
    const node = tree[0];
    const pgProcs = tree.slice(1);
    const pgRss = pgProcs.reduce((s, p) => s + p.rssKb, 0);
    const pgPss = pgProcs.reduce((s, p) => s + p.pssKb, 0);
    return {
      firstStartMs: first.ms,
      secondStartsMs,
      node: { rssMb: mb(node.rssKb), pssMb: mb(node.pssKb) },
      postgres: { processes: pgProcs.length, rssMb: mb(pgRss), pssMb: mb(pgPss) },
      totalPssMb: mb(node.pssKb + pgPss),
    };
  } finally {
    if (proc) await stopApp(proc);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export function formatStartMemory(r: TStartMemory): string {
  const sorted = [...r.secondStartsMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    "| Measure | Figure |",
    "|---|---:|",
    `| first start (initialises PostgreSQL, migrates) | ${s(r.firstStartMs)} |`,
    `| second start, median of ${sorted.length} (min–max) | **${s(median)}** (${s(sorted[0])}–${s(sorted[sorted.length - 1])}) |`,
    `| idle: Node process RSS / PSS | ${r.node.rssMb} / ${r.node.pssMb} MB |`,
    `| idle: PostgreSQL, ${r.postgres.processes} processes, RSS summed / PSS | ${r.postgres.rssMb} / ${r.postgres.pssMb} MB |`,
    `| idle: app and PostgreSQL, PSS | **${r.totalPssMb} MB** |`,
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measureStartAndMemory();
  console.log(`\n${formatStartMemory(result)}\n`);
}
