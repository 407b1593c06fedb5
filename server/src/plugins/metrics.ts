import { setTimeout as sleep } from "node:timers/promises";
import { ZApiError } from "@common/errors";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isBearerToken } from "../lib/crypto";
import { ZText } from "./openapi-answers";

export const METRICS_PATH = "/metrics";
/** The route label of a request no route answered (a 404, or the client's pages): never the raw address. */
export const UNKNOWN_ROUTE = "(unknown)";
/**
 * The job queue and live viewers are counted by one query at most this long per scrape (a second
 * more to get a connection); past it the scrape answers without them.
 */
const QUEUE_COUNT_TIMEOUT_MS = 2_000;

const notFound = { message: "Not found" };

/**
 * `GET /metrics` (issue 15): Prometheus text for the operator's scraper, with `Authorization: Bearer
 * $METRICS_TOKEN`. Without METRICS_TOKEN nothing is measured and the route answers 404, as if it did
 * not exist. Each app keeps its own registry (tests build several apps in one process). Per request:
 * one histogram observation under the route's pattern (`/api/sermons/:id`), never its address; the
 * database pool is read and the job queue and live viewers are counted only when scraped. No label
 * holds anything of a church.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const token = app.config.metricsToken;
  if (!token) {
    // Left out of the API description: there is nothing to describe.
    api.get(METRICS_PATH, { schema: { hide: true } }, async (_req, reply) => reply.code(404).send(notFound));
    return;
  }

  // prom-client is loaded only where metrics are on (METRICS_TOKEN).
  const { collectDefaultMetrics, Gauge, Histogram, Registry } = await import("prom-client");
  const registry = new Registry();
  // Event-loop lag, heap, GC, CPU, file descriptors: prom-client's standard process metrics.
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer HTTP requests, by method, route pattern and status; its _count is the number of requests.",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // One child per method, route and status, made once and found by one string key (about 0.6 µs a request).
  const children = new Map<string, ReturnType<typeof requests.labels>>();
  app.addHook("onResponse", (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = req.routeOptions.url ?? UNKNOWN_ROUTE;
    // The scraper's own requests are not the app's traffic.
    if (route === METRICS_PATH) return done();
    const key = `${req.method} ${reply.statusCode} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = requests.labels(req.method, route, String(reply.statusCode));
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });

  const pool = app.db.$client;
  new Gauge({
    name: "fellowship_db_pool_connections",
    help: "The app's PostgreSQL pool: connections open (total) and idle among them.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
    },
  });
  new Gauge({
    name: "fellowship_db_pool_waiting",
    help: "Queries waiting for a connection of the app's PostgreSQL pool.",
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });

  const jobs = new Gauge({
    name: "fellowship_jobs",
    help: "Jobs in the queue (every process's), by task (mail is `mail`) and state: waiting (not tried yet), retrying (failed, to be tried again), running, failed (given up).",
    labelNames: ["task", "state"] as const,
    registers: [registry],
  });
  const viewers = new Gauge({
    name: "fellowship_live_viewers",
    help: "Live stream viewers connected to this process, as its last heartbeat wrote them.",
    registers: [registry],
  });
  const liveEvents = new Gauge({
    name: "fellowship_live_events",
    help: "Live events with viewers connected to this process.",
    registers: [registry],
  });
  /** Every task and state seen once is shown, at 0 when none is left. */
  const seen = new Set<string>();

  async function countQueueAndViewers(): Promise<void> {
    try {
      const counted = app.db.transaction(
        async (tx) => {
          await tx.execute(sql.raw(`set local statement_timeout = ${QUEUE_COUNT_TIMEOUT_MS}`));
          // Live rows come back as task "viewers" and "events", state "live".
          const res = await tx.execute<{ task: string; state: string; n: number }>(sql`
            with mine as (select viewers from live_viewer_counts where instance_id = ${app.cacheBus.instanceId})
            select task_identifier as task,
                   case when locked_at is not null then 'running'
                        when attempts >= max_attempts then 'failed'
                        when attempts > 0 then 'retrying'
                        else 'waiting' end as state,
                   count(*)::int as n
              from graphile_worker.jobs group by 1, 2
            union all select 'viewers', 'live', coalesce(sum(viewers), 0)::int from mine
            union all select 'events', 'live', count(*)::int from mine where viewers > 0`);
          return res.rows;
        },
        { accessMode: "read only" },
      );
      // Waiting for a connection counts too (the pool may be exhausted, the server gone).
      const gaveUp = new AbortController();
      const rows = await Promise.race([
        counted,
        sleep(QUEUE_COUNT_TIMEOUT_MS + 1_000, undefined, { signal: gaveUp.signal }).then(() => {
          throw new Error("the database did not answer in time");
        }),
      ]).finally(() => gaveUp.abort());
      for (const key of seen) jobs.set(JSON.parse(key), 0);
      for (const row of rows) {
        if (row.state === "live") {
          (row.task === "viewers" ? viewers : liveEvents).set(row.n);
          continue;
        }
        const labels = { task: row.task, state: row.state };
        seen.add(JSON.stringify(labels));
        jobs.set(labels, row.n);
      }
    } catch (err) {
      // A slow or unreachable database must not hang the scrape: the queue's series are left out this
      // time, and the viewers (a series without labels, always shown) are NaN, not a made-up 0.
      app.log.warn({ err }, "metrics: could not count the job queue and live viewers");
      jobs.reset();
      viewers.set(Number.NaN);
      liveEvents.set(Number.NaN);
    }
  }

  const noStore = { "cache-control": "no-store" };
  api.get(
    METRICS_PATH,
    {
      schema: {
        summary: "Prometheus metrics of this process",
        description:
          "For the operator's scraper, with `Authorization: Bearer` and the server's `METRICS_TOKEN`; 401 without it. Requests by method, route pattern and status; event-loop lag, heap and the process's standard metrics; the database pool; the job queue (mail included) by task and state; live viewers on this process. Nothing of any church. 404 when the server has no `METRICS_TOKEN`.",
        tags: ["Operations"],
        response: {
          200: ZText("Prometheus text exposition format 0.0.4", "text/plain"),
          401: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (req, reply) => {
      if (!isBearerToken(req.headers.authorization, token)) {
        return reply
          .code(401)
          .headers({ ...noStore, "www-authenticate": 'Bearer realm="metrics"' })
          .send({ message: "A valid metrics token is required." });
      }
      await countQueueAndViewers();
      const text = await registry.metrics();
      return reply.headers(noStore).type(registry.contentType).send(text);
    },
  );
});
