import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createEmptyTestDb } from "../../test/db";
import { migrateJobs } from "../lib/jobs";
import { applyMigrations, readMigrations } from "./migrations";

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

const migrations = readMigrations();
const slugIndex = migrations.findIndex((m) => m.tag.endsWith("church-slug-public-page"));

describe("migration church-slug-public-page", () => {
  it("gives every existing church a unique slug made from its name, and leaves the public page off", async () => {
    const t = await createEmptyTestDb();
    drops.push(t.drop);
    await migrateJobs(t.db);
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      await applyMigrations(client, { upTo: migrations[slugIndex - 1].tag });
      const names = [
        "Grace Church",
        "Grace Church",
        "  Grace -- Church!  ",
        "Admin",
        "Ö",
        "x".repeat(60),
        "St. Mark's",
      ];
      for (const [i, name] of names.entries()) {
        await client.query("insert into churches (name, time_zone, created_at) values ($1, 'UTC', $2)", [
          name,
          new Date(Date.UTC(2024, 0, 1 + i)),
        ]);
      }
      await applyMigrations(client);
      const rows = await client.query<{ name: string; slug: string; public_page: boolean }>(
        "select name, slug, public_page from churches order by created_at",
      );
      expect(rows.rows.map((r) => r.slug)).toEqual([
        "grace-church",
        "grace-church-2",
        "grace-church-3",
        "admin-church",
        "church",
        "x".repeat(40),
        "st-mark-s",
      ]);
      expect(rows.rows.every((r) => r.public_page === false)).toBe(true);
      await expect(
        client.query("insert into churches (name, time_zone, slug) values ('Copy', 'UTC', 'grace-church')"),
      ).rejects.toThrow(/churches_slug_key/);
    } finally {
      await client.end();
    }
  });
});
