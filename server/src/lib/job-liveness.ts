import pg from "pg";

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
export class WorkerLiveness {
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
