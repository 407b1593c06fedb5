import pg from "pg";
import { StartupError } from "./ensure-database";

/** One sentence for the operator: what was found and the setting that fixes it. */
export const TRANSACTION_POOLER_MESSAGE =
  'DATABASE_URL goes through a connection pooler in transaction mode (PgBouncer, or a managed PostgreSQL\'s pooled address) and DATABASE_DIRECT_URL is not set: set DATABASE_DIRECT_URL to the same database on PostgreSQL itself (chat across processes, the job queue and migrations need a session of their own; README "Behind a connection pooler").';

const ROUNDS = 3;

/**
 * Refuses to start (StartupError) when `url` reaches PostgreSQL through a pooler that hands a
 * client's statements to different server connections (PgBouncer's transaction or statement mode),
 * for start-up when DATABASE_DIRECT_URL is not set. Two clients, a few round trips: client A asks
 * for its server's pid, B opens a transaction and asks for its own, then A asks again. On a session
 * of its own (PostgreSQL directly, a plain TCP proxy, a pooler in session mode) A keeps one server
 * and B can never be given it; through a transaction pooler B is handed the server A just left (the
 * pooler reuses the most recent idle one) or A moves to another. Either is proof; neither (other
 * clients took the servers in between) is tried again, and after three rounds the start goes on:
 * the check never refuses a database reached in a way that works.
 */
export async function refuseTransactionPooler(url: string): Promise<void> {
  const a = new pg.Client({ connectionString: url });
  const b = new pg.Client({ connectionString: url });
  a.on("error", () => {});
  b.on("error", () => {});
  const pid = async (c: pg.Client) => (await c.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0].pid;
  try {
    await a.connect();
    await b.connect();
    for (let round = 0; round < ROUNDS; round++) {
      const first = await pid(a);
      await b.query("begin");
      try {
        // B on A's server first: A is not asked again (with a pool of one it would wait for B).
        if ((await pid(b)) === first || (await pid(a)) !== first) throw new StartupError(TRANSACTION_POOLER_MESSAGE);
      } finally {
        await b.query("rollback");
      }
    }
  } finally {
    await a.end().catch(() => {});
    await b.end().catch(() => {});
  }
}
