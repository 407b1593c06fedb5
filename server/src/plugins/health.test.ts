import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app";
import { buildApp } from "../app";
import { createDb } from "../db/client";

const t = await createTestApp();

describe("health and readiness", () => {
  it("/healthz answers ok without a session, never cached", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("/readyz is ok with the database up and every migration applied, and shows the backups' state only", async () => {
    const res = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe("ok");
    expect(Object.keys(body.details)).toEqual(["backup"]);
    // Nothing of any church: no names, no ids, no e-mail addresses.
    expect(res.body).not.toMatch(/@|church/i);
  });

  it("/readyz is 503 while a migration is not applied", async () => {
    const last = await t.db.execute<{ id: number; hash: string; created_at: string }>(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at::text`,
    );
    try {
      const res = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "unavailable", reason: "1 migration(s) not applied" });
    } finally {
      const row = last.rows[0];
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at}::bigint)`,
      );
    }
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  });

  it("/readyz is 503 when the database cannot be reached", async () => {
    const db = createDb(t.dbUrl, { max: 2 });
    const app = await buildApp({ config: t.config, db, logger: false, serveClient: false, runJobs: false });
    await app.ready();
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    // Its connections gone: as when the database server is down.
    await db.$client.end();
    try {
      const res = await app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json().status).toBe("unavailable");
      expect(res.json().reason).toBeTruthy();
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await app.close().catch(() => {});
    }
  });

  it("/readyz turns 503 the moment a shutdown starts, while /healthz still serves", async () => {
    t.app.health.markStopping();
    const res = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "unavailable", reason: "shutting down" });
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });
});
