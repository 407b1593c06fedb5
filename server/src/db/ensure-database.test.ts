import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ensureDatabase, StartupError } from "./ensure-database";

const adminUrl = inject("pgAdminUrl");
const suffix = randomBytes(4).toString("hex");
const missing = `test_${inject("pgTemplate")}_created_${suffix}`;
const role = `fellowship_nocreate_${suffix}`;

async function asAdmin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

const withDatabase = (url: string, db: string, user?: { name: string; password: string }) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  if (user) {
    u.username = user.name;
    u.password = user.password;
  }
  return u.toString();
};

afterAll(async () => {
  await asAdmin(`drop database if exists ${missing} with (force)`);
  await asAdmin(`drop role if exists ${role}`);
});

describe("DATABASE_URL naming a database that does not exist", () => {
  it("is created when the role may create databases", async () => {
    await ensureDatabase(withDatabase(adminUrl, missing));
    const found = await asAdmin(`select 1 from pg_database where datname = '${missing}'`);
    expect(found.rowCount).toBe(1);
    // A second start finds it and changes nothing.
    await ensureDatabase(withDatabase(adminUrl, missing));
  });

  it("otherwise stops with one sentence naming the database, the user and what to do", async () => {
    await asAdmin(`create role ${role} login nocreatedb password 'not-a-secret'`);
    const url = withDatabase(adminUrl, `nothing_here_${suffix}`, { name: role, password: "not-a-secret" });
    const err = await ensureDatabase(url).catch((e) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect(err.message).toMatch(
      new RegExp(
        `^The database "nothing_here_${suffix}" in DATABASE_URL does not exist on .*, and user "${role}" could not create it .*; create it \\(createdb nothing_here_${suffix}\\) or correct DATABASE_URL\\.$`,
      ),
    );
    expect(err.message).not.toContain("not-a-secret");
  });

  it("an unreachable server is one sentence too", async () => {
    const err = await ensureDatabase("postgres://nobody:pw@127.0.0.1:1/fellowship").catch((e) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect(err.message).toMatch(
      /^Could not connect to the database at 127\.0\.0\.1:1 \(DATABASE_URL\): .*ECONNREFUSED/,
    );
  });
});
