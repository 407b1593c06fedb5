import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app";
import { buildApp } from "../app";
import { createDb } from "../db/client";

const TOKEN = "operator-metrics-token-for-readyz";
const t = await createTestApp({ METRICS_TOKEN: TOKEN });
const operator = { authorization: `Bearer ${TOKEN}` };
/** Whatever a stranger may send: nothing, a wrong token, the right one in another scheme. */
const strangers: Record<string, string>[] = [
  {},
  { authorization: "Bearer not-the-token" },
  { authorization: `Basic ${TOKEN}` },
  { authorization: `Bearer ${TOKEN}x` },
];

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
    expect(res.json()).toEqual({ status: "ok", checks: { backup: "ok" } });
    const full = await t.app.inject({ method: "GET", url: "/readyz", headers: operator });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ status: "ok", checks: { backup: "ok" }, details: { backup: { ok: true } } });
    // Nothing of any church: no names, no ids, no e-mail addresses.
    for (const answer of [res, full]) expect(answer.body).not.toMatch(/@|church/i);
  });

  it("signed out, /readyz says a failed backup is stale and nothing more; the operator's token shows the file and error (issue 23)", async () => {
    const dir = t.config.backup.dir;
    const file = "fellowship-backup-20261120T030000Z.zip";
    const error = "EACCES: permission denied, open '/srv/private-backups/partial.zip'";
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, file), "not really a backup");
    fs.utimesSync(path.join(dir, file), new Date("2026-11-20T03:00:00Z"), new Date("2026-11-20T03:00:00Z"));
    fs.writeFileSync(path.join(dir, ".last-failure.json"), JSON.stringify({ at: "2026-11-21T03:00:00.000Z", error }));
    try {
      for (const headers of strangers) {
        const res = await t.app.inject({ method: "GET", url: "/readyz", headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(200);
        expect(res.json(), JSON.stringify(headers)).toEqual({ status: "ok", checks: { backup: "stale" } });
        expect(res.body).not.toContain("fellowship-backup");
        expect(res.body).not.toContain("EACCES");
        expect(res.body).not.toContain(dir);
      }
      const full = await t.app.inject({ method: "GET", url: "/readyz", headers: operator });
      expect(full.json()).toEqual({
        status: "ok",
        checks: { backup: "stale" },
        details: {
          backup: {
            ok: false,
            enabled: true,
            lastBackup: file,
            lastBackupAt: "2026-11-20T03:00:00.000Z",
            failedAt: "2026-11-21T03:00:00.000Z",
            error,
          },
        },
      });
    } finally {
      fs.rmSync(path.join(dir, ".last-failure.json"), { force: true });
      fs.rmSync(path.join(dir, file), { force: true });
    }
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).json()).toEqual({
      status: "ok",
      checks: { backup: "ok" },
    });
  });

  it("/readyz is 503 while a migration is not applied", async () => {
    const last = await t.db.execute<{ id: number; hash: string; created_at: string }>(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at::text`,
    );
    try {
      for (const headers of strangers) {
        const res = await t.app.inject({ method: "GET", url: "/readyz", headers });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ status: "unavailable", reason: "a migration is not applied" });
      }
      const full = await t.app.inject({ method: "GET", url: "/readyz", headers: operator });
      expect(full.statusCode).toBe(503);
      expect(full.json()).toEqual({ status: "unavailable", reason: "1 migration(s) not applied" });
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
    const app = await buildApp({
      config: t.config,
      db,
      logger: false,
      serveClient: false,
      runJobs: false,
      checkAnswers: true,
    });
    await app.ready();
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    // Its connections gone: as when the database server is down.
    await db.$client.end();
    try {
      // Signed out, fixed words: the driver's own error may name the database's address or user.
      for (const headers of strangers) {
        const res = await app.inject({ method: "GET", url: "/readyz", headers });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ status: "unavailable", reason: "the database does not answer" });
      }
      const full = await app.inject({ method: "GET", url: "/readyz", headers: operator });
      expect(full.statusCode).toBe(503);
      expect(full.json().status).toBe("unavailable");
      expect(full.json().reason).toBeTruthy();
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await app.close().catch(() => {});
    }
  });

  it("/readyz turns 503 the moment a shutdown starts, while /healthz still serves", async () => {
    t.app.health.markStopping();
    for (const headers of [{}, operator]) {
      const res = await t.app.inject({ method: "GET", url: "/readyz", headers });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "unavailable", reason: "shutting down" });
    }
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });
});
