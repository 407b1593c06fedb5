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
    private readonly db: TRootDb,
    private readonly opts: TJobsOptions,
  ) {
    this.liveness = new WorkerLiveness(db.$client.options, this.poolIds, () => {
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
  async add<T>(task: TJobTask<T>, payload: T, db: TDb = this.db, opts: { key?: string } = {}): Promise<string> {
    const data = task.payload.parse(payload);
    const res = await db.execute<{ id: string }>(
      sql`select id::text from graphile_worker.add_job(${task.name}, ${JSON.stringify(data)}::json,
        max_attempts => ${task.maxAttempts}::int, job_key => ${opts.key ?? null}::text)`,
    );
    return res.rows[0].id;
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
 * other. With `gate`, each connection is handed out only once the gate resolves.
 */
function createQueuePool(db: TRootDb, max: number, gate?: () => Promise<void>): pg.Pool {
  const pool = new pg.Pool({ ...db.$client.options, max });
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

/** The advisory lock key of the worker pool whose id is the SQL expression `id`; the same in every process. */
const livenessKey = (id: string) => `hashtextextended('fellowship-job-worker:' || ${id}, 0)`;

/**
 * Shows the other app processes which worker pools of this one are alive, and frees the jobs of those
 * that are not. One connection, open for the instance's life, holds a session advisory lock for each
 * pool id of this process, taken before the pool can lock any job. A process that dies (killed, its
 * machine lost) loses that connection, so PostgreSQL drops its locks: at once when the process is
 * killed, within about 30 s when its machine is gone (the server's TCP keepalives are set so). A sweep
 * then tries each other pool's lock: one it gets belongs to a process that is gone, whose jobs it
 * unlocks for any worker to run again. A live process's jobs are never touched, however long they run.
 */
class WorkerLiveness {
  private client: Promise<pg.Client> | undefined;
  /** Pool ids whose lock the current connection holds. */
  private readonly held = new Set<string>();
  private locking: Promise<void> | undefined;

  constructor(
    private readonly config: pg.PoolConfig,
    /** This process's pool ids: each is locked before its pool gets a connection. */
    private readonly ids: ReadonlySet<string>,
    private readonly onLost: () => void,
  ) {}

  /** Resolves once every pool id is locked on a live connection. */
  async ensure(): Promise<void> {
    while ([...this.ids].some((id) => !this.held.has(id))) {
      this.locking ??= this.lockAll().finally(() => {
        this.locking = undefined;
      });
      await this.locking;
    }
  }

  /** Gives up the locks of pools that hold no job any more. */
  async release(ids: string[]): Promise<void> {
    const held = ids.filter((id) => this.held.delete(id));
    const client = await this.client?.catch(() => undefined);
    for (const id of held) await client?.query(`select pg_advisory_unlock(${livenessKey("$1")})`, [id]).catch(() => {});
  }

  /**
   * Frees the jobs (and named queues) held by pools whose process is gone, and returns those pools'
   * ids. Costs one query when nothing is locked.
   */
  async sweep(): Promise<string[]> {
    await this.ensure();
    const client = await this.connect();
    // graphile-worker's own tables (0.17): the public `jobs` view joins more than this needs.
    const { rows } = await client.query<{ id: string; jobs: number }>(
      `select locked_by as id, count(*)::int as jobs from graphile_worker._private_jobs
        where locked_by is not null group by locked_by
      union all select locked_by, 0 from graphile_worker._private_job_queues where locked_by is not null`,
    );
    // Never try this connection's own locks: a session gets a lock it already holds.
    const others = [...new Set(rows.map((r) => r.id))].filter((id) => !this.ids.has(id));
    if (!others.length) return [];
    const tried = await client.query<{ id: string }>(
      `select id from unnest($1::text[]) as id where pg_try_advisory_lock(${livenessKey("id")})`,
      [others],
    );
    const dead = tried.rows.map((r) => r.id);
    if (!dead.length) return [];
    // The ids are random and never reused: a pool found dead cannot come back.
    await client.query(`select pg_advisory_unlock(${livenessKey("id")}) from unnest($1::text[]) as id`, [dead]);
    const jobs = rows.filter((r) => dead.includes(r.id)).reduce((n, r) => n + r.jobs, 0);
    // Unlocked jobs are due at once: wake the idle workers of every process as a new job would.
    await client.query(
      `select graphile_worker.force_unlock_workers($1::text[]), pg_notify('jobs:insert', json_build_object('count', $2::int)::text)`,
      [dead, Math.max(jobs, 1)],
    );
    return dead;
  }

  /** Closes the connection: other processes may then free any job this one still holds. */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.held.clear();
    await (await client?.catch(() => undefined))?.end().catch(() => {});
  }

  private async lockAll(): Promise<void> {
    const client = await this.connect();
    for (const id of this.ids) {
      if (this.held.has(id)) continue;
      await client.query(`select pg_advisory_lock(${livenessKey("$1")})`, [id]);
      this.held.add(id);
    }
  }

  private connect(): Promise<pg.Client> {
    this.client ??= (async () => {
      const client = new pg.Client({ ...this.config, keepAlive: true });
      let isConnected = false;
      const lost = () => {
        if (!isConnected || this.client !== connecting) return;
        this.client = undefined;
        this.held.clear();
        this.onLost();
      };
      client.on("error", lost);
      client.on("end", lost);
      try {
        await client.connect();
        // The server notices a vanished machine within about 30 s instead of hours, and never closes
        // this connection for being idle between sweeps.
        await client.query(
          "set tcp_keepalives_idle = 10; set tcp_keepalives_interval = 5; set tcp_keepalives_count = 4; set idle_session_timeout = 0",
        );
      } catch (err) {
        client.end().catch(() => {});
        throw err;
      }
      isConnected = true;
      return client;
    })();
    const connecting = this.client;
    connecting.catch(() => {
      if (this.client === connecting) this.client = undefined;
    });
    return connecting;
  }
}

/**
 * graphile-worker's log lines, into ours. Its metadata is never passed on: it holds the job and its
 * payload, and a payload may carry a link with a token in it.
 */
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
