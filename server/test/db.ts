import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createDb, type TRootDb } from "../src/db/client";

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDb(): Promise<{ db: TRootDb; url: string; drop: () => Promise<void> }> {
  const adminUrl = inject("pgAdminUrl");
  const appRole = inject("pgAppRole");
  const template = inject("pgTemplate");
  const name = `test_${template}_${randomBytes(6).toString("hex")}`;
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
