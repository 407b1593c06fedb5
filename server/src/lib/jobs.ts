import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  type Job,
  Logger,
  type Runner,
  type RunnerOptions,
  run,
  runMigrations,
  runOnce,
  type TaskList,
  type WorkerEvents,
} from "graphile-worker";
import pg from "pg";
import type { z } from "zod";
import type { TDb, TRootDb } from "../db/client";
import { WorkerLiveness } from "./job-liveness";

/**
 * Background work goes through graphile-worker's queue in PostgreSQL (schema `graphile_worker`). A job
 * is added in the caller's transaction, so a request that rolls back leaves none; each job is locked by
 * one worker of one process (`for update skip locked`), deleted once it succeeds, retried after a
 * failure with back-off. A job held by a process that died is freed within about a minute (see
 * `WorkerLiveness`), then any worker runs it again.
 */

/** One kind of background work. */
export type TJobTask<T> = {
  /** The job's task name in the queue; never rename a task that may still have jobs waiting. */
  name: string;
  /** Checked when a job is added and again when it runs. */
  payload: z.ZodType<T>;
  /**
   * Tries before the job is left in the queue as failed. After the n-th failure graphile-worker waits
   * e^min(n, 10) seconds: 3 s, 7 s, 20 s, 55 s, 2.5 min, 7 min, 18 min, 50 min, 2.2 h, then 6.1 h.
   */
  maxAttempts: number;
  /** Does the work; throwing fails this try. Should be idempotent: rarely, a job runs twice. */
  run: (payload: T, job: { id: string; attempt: number }) => Promise<void>;
};

/** What adding a job needs: its task's name, payload check and tries (not how it runs). */
export type TJobSpec<T> = Pick<TJobTask<T>, "name" | "payload" | "maxAttempts">;

/**
 * Queues a job of `task` in `db`'s transaction when it is one, and returns its id. A feature that
 * cannot reach the app's `Jobs` (a service given only its context) queues with this; the task's
 * `run` is defined on `Jobs` at start. With `key`, a job of that key still waiting is replaced.
 */
export async function addJob<T>(
  db: TDb,
  task: TJobSpec<T>,
  payload: T,
  opts: { key?: string; runAt?: Date; delayMs?: number } = {},
): Promise<string> {
  const data = task.payload.parse(payload);
  // With `runAt`, the job waits until then (a scheduled announcement); with `delayMs`, that long on the
  // database's clock, the queue's (a wait measured on the app's, whatever the two clocks differ by);
  // without either, it is due now.
  const delay = opts.delayMs === undefined ? null : opts.delayMs / 1000;
  const res = await db.execute<{ id: string }>(
    sql`select id::text from graphile_worker.add_job(${task.name}, ${JSON.stringify(data)}::json,
      max_attempts => ${task.maxAttempts}::int, job_key => ${opts.key ?? null}::text,
      run_at => coalesce(${opts.runAt?.toISOString() ?? null}::timestamptz,
        now() + make_interval(secs => ${delay}::float8)))`,
  );
  return res.rows[0].id;
}

/**
 * When a repeating job runs: `atMs` into every period of `everyMs` counted from the epoch (UTC),
 * then `afterMs` later still. A quarter-hourly job runs just after each quarter hour
 * (`{ afterMs: 10_000 }`, so a database clock a little ahead of the app's, which graphile-worker's
 * run_at is compared with, does not run it a moment early); a daily one at a time of day (`atMs`).
 */
export type TEvery = { atMs?: number; afterMs?: number };

/** The next run strictly after `now`'s slot: the first `k * everyMs + atMs` after `now`, plus `afterMs`. */
export function nextRunAfter(now: Date, everyMs: number, { atMs = 0, afterMs = 0 }: TEvery = {}): Date {
  return new Date((Math.floor((now.getTime() - atMs) / everyMs) + 1) * everyMs + atMs + afterMs);
}

/**
 * Queues the next run of a repeating job, one waiting job for all processes (keyed by its task's name).
 * `preserve`: a waiting run keeps its time (each process calls this at start, main.ts; test apps
 * never do); without it (the run itself, first, so the runs go on whatever happens to this one) the
 * waiting run moves to the next slot after `now`.
 *
 * Never a slot the database's clock has passed: graphile-worker runs a job once the database's now()
 * reaches its run_at, so with the database's clock ahead of the app's a run starts before its slot on
 * the app's clock, and the slot after the app's `now` would be that same slot, due at once: the job
 * would run again and again until the app's clock caught up. The later of the two clocks' next slots.
 */
export async function scheduleEvery(
  db: TDb,
  task: TJobSpec<Record<string, never>>,
  everyMs: number,
  opts: TEvery & { now?: Date; preserve?: boolean } = {},
): Promise<void> {
  const runAt = nextRunAfter(opts.now ?? new Date(), everyMs, opts);
  const { atMs = 0, afterMs = 0 } = opts;
  const dbNextMs = sql`(floor((extract(epoch from now()) * 1000 - ${atMs}::float8) / ${everyMs}::float8) + 1)
    * ${everyMs}::float8 + ${atMs}::float8 + ${afterMs}::float8`;
  await db.execute(
    sql`select graphile_worker.add_job(${task.name}, '{}'::json,
      run_at => greatest(${runAt.toISOString()}::timestamptz, to_timestamp((${dbNextMs}) / 1000)),
      max_attempts => ${task.maxAttempts}::int, job_key => ${task.name}::text,
      job_key_mode => ${opts.preserve ? "preserve_run_at" : "replace"}::text)`,
  );
}

export type TJobsOptions = {
  log: FastifyBaseLogger;
  /** Jobs one process runs at once. */
  concurrency?: number;
  /** How often an idle worker looks for due jobs; new jobs wake it at once (LISTEN/NOTIFY). */
  pollMs?: number;
  /**
   * How often this process looks for jobs held by processes that died, and frees them: every
   * `lockSweepMs` to twice that, jittered (30–60 s).
   */
  lockSweepMs?: number;
};

const CONCURRENCY = 4;
// New jobs arrive by NOTIFY: polling only finds retries that came due and notifications missed
// while the listening connection was down, so it can be slow.
const POLL_MS = 10_000;
// A job still running this long after the stop began is failed (and retried later) rather than
// holding the shutdown; main.ts gives the whole shutdown 15 s.
const STOP_ABORT_MS = 5_000;
const LOCK_SWEEP_MS = 30_000;

export class Jobs {
  private readonly tasks: TaskList = {};
  private options: RunnerOptions | undefined;
  private pool: pg.Pool | undefined;
  private runner: Runner | undefined;
  /** Worker pools of this process, by graphile-worker's id (the `locked_by` of the jobs they hold). */
  private readonly poolIds = new Set<string>();
  /** Pools shut down whose last job's end may not be written yet. */
  private readonly releasedPoolIds = new Set<string>();
  private readonly liveness: WorkerLiveness;
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(
    /** The database the queue lives in (tasks that keep the queue itself, like the mail sweep, use it). */
    readonly db: TRootDb,
    private readonly opts: TJobsOptions,
  ) {
    this.liveness = new WorkerLiveness(db.$direct, this.poolIds, () => {
      opts.log.warn("lost the connection that shows this process's job workers are alive; reconnecting");
      this.liveness.ensure().catch(() => {});
    });
  }

  /** Registers a task; every task is defined before the queue first runs. */
  define<T>(task: TJobTask<T>): TJobTask<T> {
    if (this.options) throw new Error(`job task "${task.name}" defined after the queue started`);
    if (this.tasks[task.name]) throw new Error(`job task "${task.name}" is defined twice`);
    this.tasks[task.name] = async (payload, helpers) => {
      const data = task.payload.parse(payload);
      await untilAborted(task.run(data, { id: helpers.job.id, attempt: helpers.job.attempts }), helpers.abortSignal);
    };
    return task;
  }

  /**
   * Queues a job in `db`'s transaction when it is one, and returns its id. With `key`, a job of that
   * key still waiting is replaced rather than added again.
   */
  add<T>(task: TJobSpec<T>, payload: T, db: TDb = this.db, opts: { key?: string } = {}): Promise<string> {
    return addJob(db, task, payload, opts);
  }

  /** Starts this process's workers (installing or upgrading the queue's schema first if needed). */
  async start(): Promise<void> {
    if (this.runner) return;
    this.runner = await run(this.runnerOptions());
    this.sweepLocks(0);
  }

  /** Lets running jobs finish (those still running after 5 s are failed and retried later). */
  async stop(): Promise<void> {
    const runner = this.runner;
    this.runner = undefined;
    clearTimeout(this.sweepTimer);
    await this.sweeping;
    await runner?.stop().catch((err) => this.opts.log.error({ err }, "job queue did not stop cleanly"));
    // graphile-worker records a job's end without waiting for it: let those writes land before
    // closing their connections, or another process's sweep would free the job and run it again.
    const deadline = Date.now() + STOP_ABORT_MS;
    while (this.pool && Date.now() < deadline && (await this.isBusy(false))) await sleep(10);
    await this.pool?.end();
    this.pool = undefined;
    this.options = undefined;
    // Any job still held is now free for other processes to run again.
    await this.liveness.close();
    this.poolIds.clear();
    this.releasedPoolIds.clear();
  }

  /** Frees the jobs of processes that died, now and then again every `lockSweepMs` or so. */
  private sweepLocks(delayMs: number): void {
    this.sweepTimer = setTimeout(() => {
      this.sweeping = this.liveness
        .sweep()
        .then(
          (freed) => freed.length && this.opts.log.warn({ pools: freed }, "freed the jobs of a process that died"),
          (err) => this.opts.log.warn({ err }, "could not look for jobs held by processes that died"),
        )
        .then(() => {
          this.sweeping = undefined;
          const sweepMs = this.opts.lockSweepMs ?? LOCK_SWEEP_MS;
          if (this.runner) this.sweepLocks(sweepMs * (1 + Math.random()));
        });
    }, delayMs);
    this.sweepTimer.unref();
  }

  /**
   * Runs every due job now and resolves when none is due or still held by this process (tests).
   * Jobs locked by other processes are theirs to finish.
   */
  async runDue(): Promise<void> {
    for (;;) {
      await runOnce(this.runnerOptions());
      if (!(await this.isBusy(true))) return;
      await sleep(10);
    }
  }

  /** Whether a worker of this process still holds a job (or, with `orDue`, a job is waiting to run). */
  private async isBusy(orDue: boolean): Promise<boolean> {
    const released = [...this.releasedPoolIds];
    const res = await this.db.execute<{ busy: boolean }>(
      sql`select exists (select 1 from graphile_worker.jobs where task_identifier = any(${sql.param(Object.keys(this.tasks))}::text[])
        and (locked_by = any(${sql.param([...this.poolIds])}::text[])
          or (${orDue} and locked_at is null and run_at <= now() and attempts < max_attempts))) as busy`,
    );
    const busy = res.rows[0].busy;
    // A released pool holding no job any more is forgotten.
    if (!busy) {
      for (const id of released) {
        this.poolIds.delete(id);
        this.releasedPoolIds.delete(id);
      }
      await this.liveness.release(released);
    }
    return busy;
  }

  /** One options object for every run: graphile-worker compiles and caches it by identity. */
  private runnerOptions(): RunnerOptions {
    if (this.options) return this.options;
    const concurrency = this.opts.concurrency ?? CONCURRENCY;
    // Every connection the workers take waits until each pool of this process holds its advisory lock
    // (WorkerLiveness), so no pool can lock a job before other processes can see it is alive.
    this.pool ??= createQueuePool(this.db, concurrency + 2, () => this.liveness.ensure());
    const events: WorkerEvents = new EventEmitter();
    // Emitted synchronously as graphile-worker creates a pool (`workerPool.id` is the `locked_by` of
    // its jobs), before any of its workers exists.
    events.on("pool:create", ({ workerPool }) => this.poolIds.add(workerPool.id));
    events.on("pool:release", ({ workerPool }) => this.releasedPoolIds.add(workerPool.id));
    this.options = {
      pgPool: this.pool,
      taskList: this.tasks,
      concurrency,
      pollInterval: this.opts.pollMs ?? POLL_MS,
      noHandleSignals: true,
      gracefulShutdownAbortTimeout: STOP_ABORT_MS,
      logger: createQueueLogger(this.opts.log),
      events,
    };
    return this.options;
  }
}

/**
 * Installs or upgrades the queue's schema; `migrateDb` runs it before the app's own migrations. A
 * second run finds nothing to do.
 */
export async function migrateJobs(db: TRootDb, log?: FastifyBaseLogger): Promise<void> {
  const pool = createQueuePool(db, 1);
  try {
    await runMigrations({ pgPool: pool, logger: log ? createQueueLogger(log) : new Logger(() => () => {}) });
  } finally {
    await pool.end();
  }
}

/**
 * The queue's own connections (one listens for new jobs), so jobs and requests never wait on each
 * other. With `gate`, each connection is handed out only once the gate resolves. Straight to
 * PostgreSQL (`$direct`), never through a transaction pooler: graphile-worker LISTENs, takes session
 * advisory locks and names its prepared statements.
 */
function createQueuePool(db: TRootDb, max: number, gate?: () => Promise<void>): pg.Pool {
  const pool = new pg.Pool({ ...db.$direct, max, idleTimeoutMillis: 30_000 });
  // An idle or busy client losing its server must not crash the app; the query using it fails.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  if (gate) {
    // graphile-worker (and pool.query) take clients through connect(), with or without a callback.
    const connect = pool.connect.bind(pool) as (cb?: TConnectCallback) => Promise<pg.PoolClient> | undefined;
    pool.connect = ((cb?: TConnectCallback) => {
      if (!cb) return gate().then(() => connect());
      gate().then(
        () => connect(cb),
        (err: Error) => cb(err, undefined, () => {}),
      );
    }) as typeof pool.connect;
  }
  return pool;
}
type TConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void;

function createQueueLogger(log: FastifyBaseLogger): Logger {
  return new Logger(() => (level, message, meta) => {
    const failed = meta?.failure ? (meta.job as Job) : undefined;
    if (failed) {
      const fields = {
        task: failed.task_identifier,
        jobId: failed.id,
        attempt: failed.attempts,
        maxAttempts: failed.max_attempts,
        err: meta?.error,
      };
      if (failed.attempts >= failed.max_attempts)
        log.error(fields, "job failed for the last time; it stays in the queue");
      else log.warn(fields, "job failed; it will be retried");
    } else if ((level as string) === "error") log.error(message);
    else if ((level as string) === "warning") log.warn(message);
    // Start, stop and each completed job: chatter at the default level.
    else log.debug(message);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A job still running when the worker stops fails (and is retried) instead of holding its lock for hours. */
function untilAborted(work: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new Error("the worker is stopping"));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error("the worker stopped before the job finished"));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
