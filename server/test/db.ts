import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { inject } from "vitest";
import { createDb, type TRootDb } from "../src/db/client";

type TTestDb = { db: TRootDb; url: string; drop: () => Promise<void> };

/** A fresh database for one test file, cloned from the migrated template. */
export function createTestDb(): Promise<TTestDb> {
  return createDatabase(inject("pgTemplate"));
}

/** An empty database (no tables, no job queue), for tests of upgrades. */
export function createEmptyTestDb(): Promise<TTestDb> {
  return createDatabase("template0");
}

/** Applies the committed migrations up to and including `lastTag`, as an older install had them. */
export async function migrateUpTo(db: TRootDb, lastTag: string): Promise<void> {
  const source = path.resolve("server/src/db/migrations");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-migrations-"));
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(source, "meta", "_journal.json"), "utf8"));
    const last = journal.entries.findIndex((e: { tag: string }) => e.tag === lastTag);
    if (last < 0) throw new Error(`no migration ${lastTag}`);
    journal.entries = journal.entries.slice(0, last + 1);
    fs.mkdirSync(path.join(dir, "meta"));
    fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
    for (const { tag } of journal.entries)
      fs.copyFileSync(path.join(source, `${tag}.sql`), path.join(dir, `${tag}.sql`));
    await migrate(drizzle(db.$client), { migrationsFolder: dir });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function createDatabase(template: string): Promise<TTestDb> {
  const adminUrl = inject("pgAdminUrl");
  const appRole = inject("pgAppRole");
  // Named after the run's template, so the run's teardown drops whatever a failed test left.
  const name = `test_${inject("pgTemplate")}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Cloning needs the template to have no other sessions; files starting together retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}${appRole ? ` owner ${appRole}` : ""}`);
      break;
    } catch (err) {
      if (attempt > 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await admin.end();
  const url = new URL(inject("pgAppUrl"));
  url.pathname = `/${name}`;
  const db = createDb(url.toString());
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.$client.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await c.end();
    },
  };
}
