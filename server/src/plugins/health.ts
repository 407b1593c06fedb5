import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { getMigrationState } from "../db/migrations";
import { isBearerToken } from "../lib/crypto";

/** How long `/readyz` waits for the database before it says the database does not answer. */
const DB_CHECK_MS = 2_000;

/**
 * What anyone may read of a check (the last automatic backup, say): `ok`, or `stale` when it failed
 * since its last success. File names, times and error text are the operator's (METRICS_TOKEN).
 */
const CHECK_STATES = ["ok", "stale"] as const;
/** The reasons anyone may read on a 503: fixed words, never an error's text (an address, a user name). */
const REASON = {
  stopping: "shutting down",
  database: "the database does not answer",
  migrations: "a migration is not applied",
} as const;

const ZHealthy = z.object({ status: z.literal("ok") });
const ZReady = ZHealthy.extend({
  checks: z.record(z.string(), z.enum(CHECK_STATES)).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
const ZUnavailable = z.object({ status: z.literal("unavailable"), reason: z.string() });

export type THealth = {
  /** From this moment `/readyz` answers 503 (main.ts calls it first thing on SIGTERM). */
  markStopping: () => void;
  /** Extra lines for `/readyz`'s details (the last automatic backup, say). */
  addDetail: (name: string, get: () => { ok: boolean; [key: string]: unknown }) => void;
};

declare module "fastify" {
  interface FastifyInstance {
    health: THealth;
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `GET /healthz`: 200 `{"status":"ok"}` while the process serves. `GET /readyz`: 200 when the database
 * answers and every migration of this release is applied, 503 with a short reason otherwise, and from
 * the moment a shutdown starts. Neither needs a session, and neither shows any church's data. Signed
 * out, `/readyz` shows only the status, fixed reasons and each check's `ok`/`stale` (issue 23: backup
 * file names and errors told anyone where the backups live); with `Authorization: Bearer
 * $METRICS_TOKEN` it adds each check's details and the reason's own words.
 */
export const healthPlugin = fp(async (app: FastifyInstance) => {
  let stopping = false;
  const details = new Map<string, () => { ok: boolean; [key: string]: unknown }>();
  app.decorate("health", {
    markStopping: () => {
      stopping = true;
    },
    addDetail: (name, get) => details.set(name, get),
  } satisfies THealth);
  app.addHook("preClose", async () => {
    stopping = true;
  });

  const noStore = { "cache-control": "no-store" };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["Operations"];

  api.get(
    "/healthz",
    {
      schema: {
        summary: "Liveness: the process serves",
        tags,
        response: { 200: ZHealthy },
      },
    },
    async (_req, reply) => reply.headers(noStore).send({ status: "ok" }),
  );

  api.get(
    "/readyz",
    {
      schema: {
        summary: "Readiness: the database answers and every migration is applied",
        description:
          "503 with a short reason when the database does not answer, a migration is not applied, or a shutdown has begun: a load balancer sends no new requests. `checks` says `ok` or `stale` for the last automatic backup. With `Authorization: Bearer` and the server's `METRICS_TOKEN`, `details` shows the backup's file, time and error, and a 503's reason is the error's own words; without it (or with a wrong one) the answer is the same minus those.",
        tags,
        response: { 200: ZReady, 503: ZUnavailable },
      },
    },
    async (req, reply) => {
      const isOperator = isBearerToken(req.headers.authorization, app.config.metricsToken);
      const unavailable = (reason: string, detail = reason) =>
        reply
          .code(503)
          .headers(noStore)
          .send({ status: "unavailable", reason: isOperator ? detail : reason });
      if (stopping) return unavailable(REASON.stopping);
      try {
        const pending = await withTimeout(
          (async () => {
            const client = await app.db.$client.connect();
            try {
              await client.query("select 1");
              return (await getMigrationState(client)).pending.length;
            } finally {
              client.release();
            }
          })(),
          DB_CHECK_MS,
          "the database does not answer",
        );
        if (pending > 0) return unavailable(REASON.migrations, `${pending} migration(s) not applied`);
      } catch (err) {
        return unavailable(REASON.database, err instanceof Error ? err.message.split("\n")[0] : REASON.database);
      }
      // Shown, not judged: a failed backup is the operator's to fix, and the process still serves.
      if (details.size === 0) return reply.headers(noStore).send({ status: "ok" });
      const read = [...details].map(([name, get]) => [name, get()] as const);
      const checks = Object.fromEntries(read.map(([name, d]) => [name, d.ok ? "ok" : "stale"] as const));
      return reply
        .headers(noStore)
        .send({ status: "ok", checks, ...(isOperator ? { details: Object.fromEntries(read) } : {}) });
    },
  );
});
