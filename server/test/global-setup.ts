import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb, migrateDb } from "../src/db/client";
import { startEmbeddedPostgres, type TEmbeddedPg } from "../src/db/embedded";

declare module "vitest" {
  export interface ProvidedContext {
    /** Creates and drops the test databases. */
    pgAdminUrl: string;
    /** What the tests' apps sign in as (any database name in its path is replaced). */
    pgAppUrl: string;
    /** The role that owns every test database and all in it; empty when the admin is the app. */
    pgAppRole: string;
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL server per test run (embedded, or TEST_DATABASE_URL's), one migrated template
 * database; each test file clones the template into a database of its own (server/test/db.ts).
 * On the embedded server, as in production, the apps sign in as the unprivileged role that owns
 * their database; the superuser only creates and drops databases.
 */
export default async function setup(project: TestProject) {
  let embedded: TEmbeddedPg | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  let appUrl = adminUrl;
  let appRole = "";
  if (!adminUrl) {
    // A directory per run, so two test runs on one machine never share (or stop) a server.
    dir = path.resolve(".tmp", `pg-${project.name}-${process.pid}`);
    // Test files run in parallel, each with its own app and pools.
    embedded = await startEmbeddedPostgres(dir, { maxConnections: 300 });
    adminUrl = embedded.adminUrl;
    appUrl = embedded.url;
    appRole = embedded.appRole;
    await skipDurability(adminUrl);
  }
  if (!appUrl) throw new Error("no database URL for the tests");
  const template = `fellowship_template_${project.name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}${appRole ? ` owner ${appRole}` : ""}`);
  // Migrated as the app's role, so it owns every table the clones inherit; migrateDb installs the job
  // queue's schema too, so no test file installs it again.
  const url = new URL(appUrl);
  url.pathname = `/${template}`;
  const db = createDb(url.toString(), { max: 1 });
  await migrateDb(db);
  await db.$client.end();
  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgAppUrl", appUrl);
  project.provide("pgAppRole", appRole);
  project.provide("pgTemplate", template);

  return async () => {
    // Leave no databases behind on a shared server (TEST_DATABASE_URL).
    const dbs = await admin.query("select datname from pg_database where datname like $1 or datname = $2", [
      `test_${template}_%`,
      template,
    ]);
    for (const row of dbs.rows)
      await admin.query(`drop database if exists "${row.datname}" with (force)`).catch(() => {});
    await admin.end();
    await embedded?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * This run's server keeps nothing past the run, so it need not wait for the disk: no fsync, commits
 * answer before their WAL is flushed, no full-page images. What a test sees is the same (a commit is
 * visible to every session at once either way); only a crash of this server would lose data. Each
 * test file commits hundreds of times and clones the template: at a few ms per fsync on CI's disk,
 * the waits added up. Written with ALTER SYSTEM into this run's own data directory (deleted after
 * the run); the tests that start an embedded PostgreSQL of their own keep the product's defaults.
 */
async function skipDurability(adminUrl: string) {
  const su = new pg.Client({ connectionString: adminUrl });
  await su.connect();
  try {
    for (const setting of ["fsync = off", "synchronous_commit = off", "full_page_writes = off"])
      await su.query(`alter system set ${setting}`);
    await su.query("select pg_reload_conf()");
  } finally {
    await su.end();
  }
}
