import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../test/app";
import { createEmptyTestDb } from "../../test/db";
import {
  createChurch,
  invite,
  PASSWORD,
  signUp,
  type TSignedIn,
  type TTestChurch,
  uniqueEmail,
} from "../../test/factories";
import { buildApp } from "../app";
import { createDb } from "../db/client";
import { eraseMember } from "../features/member-erasure/member-erasure.service";
import { memberPseudonym } from "../lib/pseudonym";
import { createBackup } from "./backup";
import { RestoreRefusedError, restoreBackup } from "./restore";
import type { TReapplyErasure } from "./restore-erasures";

let t: TTestApp;
let tmp: string;
let church: TTestChurch;

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** A closed client's server process can linger a moment; the restore refuses a database in use. */
async function restoreWhenAlone(...args: Parameters<typeof restoreBackup>) {
  for (let tries = 0; ; tries++) {
    try {
      return await restoreBackup(...args);
    } catch (err) {
      if (!(err instanceof RestoreRefusedError && /in use/.test(err.message)) || tries >= 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function freshDir(name: string): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Every row of every table of the app's schema, as text, per table. */
async function rowsMentioning(url: string, needles: string[]): Promise<Record<string, number>> {
  return withClient(url, async (c) => {
    const tables = await c.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by 1",
    );
    const found: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const res = await c.query<{ row: string }>(`select t::text as row from "${name}" t`);
      const n = res.rows.filter((r) => needles.some((x) => r.row.toLowerCase().includes(x.toLowerCase()))).length;
      if (n) found[name] = n;
    }
    return found;
  });
}

/** The rows that name `who` (e-mail or id), by table, and whether that e-mail signs in, on the database at `url`. */
async function traceOf(url: string, who: TSignedIn) {
  const rows = await rowsMentioning(url, [who.user.email, who.user.id]);
  const db = createDb(url, { max: 2 });
  const app = await buildApp({ config: t.config, db, logger: false, serveClient: false, runJobs: false });
  await app.ready();
  try {
    const login = await new Caller(app).post("/api/auth/login", { email: who.user.email, password: PASSWORD });
    return { rows, signIn: login.status };
  } finally {
    await app.close();
    await db.$client.end().catch(() => {});
  }
}

/** Counts of the rows that name `who` per table: "untouched" is these being equal. */
const countsOf = (url: string, who: TSignedIn) => rowsMentioning(url, [who.user.id]);

async function tombstoneCount(url: string, pseudonym: string): Promise<number> {
  return withClient(url, async (c) => (await c.query("select 1 from users where id = $1", [pseudonym])).rowCount ?? 0);
}

/** A member with rows of their own: a prayer request, named, and one anonymous. */
async function memberWithRows(name: string): Promise<TSignedIn> {
  // A last name of their own: the erasure removes other rows' text that names the erased member.
  const email = uniqueEmail(name.toLowerCase());
  const inv = await invite(church.admin, email);
  const m = await signUp(t.app, { email, firstName: name, lastName: `${name}son`, invitationToken: inv.token });
  for (const isAnonymous of [false, true]) {
    const res = await m.post("/api/prayer-requests", {
      title: `${name}'s request`,
      description: "For my family.",
      isAnonymous,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  return m;
}

const byAdmin = () => ({ churchId: church.church.id, userId: church.admin.user.id, ip: null });

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-restore-erasures-"));
  t = await createTestApp();
  church = await createChurch(t.app, "Grace Chapel");
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("a restore re-applies the erasures recorded since its backup", () => {
  it("gathers them from newer backups in BACKUP_DIR, skips unreadable files, and records them", async () => {
    const member = await memberWithRows("Zoe");
    const other = await memberWithRows("Olga");
    const dir = freshDir("gather");
    const first = path.join(dir, "fellowship-backup-manual-first.zip");
    await createBackup(t.dbUrl, first);
    // An erasure recorded after the first backup (the list only: the erasure itself is a stand-in).
    const pseudonym = memberPseudonym(member.user.id);
    await withClient(t.dbUrl, (c) =>
      c.query("insert into member_erasures (pseudonym, church_id, source) values ($1, $2, 'admin')", [
        pseudonym,
        church.church.id,
      ]),
    );
    await createBackup(t.dbUrl, path.join(dir, "fellowship-backup-manual-second.zip"));
    fs.writeFileSync(path.join(dir, "fellowship-backup-broken.zip"), "not a zip");

    const calls: { churchId: string; memberId: string }[] = [];
    const standIn: TReapplyErasure = async (_db, m) => {
      calls.push(m);
    };
    const lines: string[] = [];
    const target = await createEmptyTestDb();
    try {
      const result = await restoreWhenAlone(target.url, first, {
        safetyDir: dir,
        reapplyErasure: standIn,
        log: (l) => lines.push(l),
      });
      expect(result.erasuresReapplied).toBe(1);
      expect(calls).toEqual([{ churchId: church.church.id, memberId: member.user.id }]);
      expect(lines.some((l) => /^Skipped .*fellowship-backup-broken\.zip/.test(l))).toBe(true);
      expect(lines).toContain("Re-applied 1 erasure(s) recorded since the backup.");
      await withClient(target.url, async (c) => {
        const list = await c.query("select church_id::text, source from member_erasures where pseudonym = $1", [
          pseudonym,
        ]);
        expect(list.rows).toEqual([{ church_id: church.church.id, source: "admin" }]);
        // The audit entry counts them, and names nobody.
        const audit = await c.query<{ changes: Record<string, unknown> }>(
          "select changes from audit_entries where action = 'backup.restored' and church_id = $1",
          [church.church.id],
        );
        expect(audit.rows).toHaveLength(1);
        expect(audit.rows[0].changes.erasuresReapplied).toEqual([null, 1]);
        expect(JSON.stringify(audit.rows[0].changes)).not.toContain(member.user.id);
        expect(JSON.stringify(audit.rows[0].changes)).not.toContain(pseudonym);
        // Someone never erased is as the backup had them.
        const kept = await c.query("select email from users where id = $1", [other.user.id]);
        expect(kept.rows).toEqual([{ email: other.user.email }]);
      });
    } finally {
      await target.drop();
      // The stand-in erased no one: the list must not name a member who is still there.
      await withClient(t.dbUrl, (c) => c.query("delete from member_erasures where pseudonym = $1", [pseudonym]));
    }
  });

  it("erases again a member erased after the backup, from a newer backup in BACKUP_DIR", async () => {
    const erased = await memberWithRows("Xanthe");
    const kept = await memberWithRows("Yusuf");
    const dir = freshDir("newer");
    const first = path.join(dir, "fellowship-backup-manual-before.zip");
    await createBackup(t.dbUrl, first);
    await eraseMember(t.db, { churchId: church.church.id, memberId: erased.user.id, source: "admin", by: byAdmin() });
    await createBackup(t.dbUrl, path.join(dir, "fellowship-backup-manual-after.zip"));
    const pseudonym = memberPseudonym(erased.user.id);

    // Without the newer backup, the first one brings the member back: that is what is undone.
    const plain = await createEmptyTestDb();
    const target = await createEmptyTestDb();
    try {
      const alone = freshDir("alone");
      fs.copyFileSync(first, path.join(alone, "only.zip"));
      const back = await restoreWhenAlone(plain.url, path.join(alone, "only.zip"), { safetyDir: alone });
      expect(back.erasuresReapplied).toBe(0);
      const before = await traceOf(plain.url, erased);
      expect(before.signIn).toBe(200);
      expect(before.rows.users).toBe(1);
      const keptBefore = await countsOf(plain.url, kept);

      const result = await restoreWhenAlone(target.url, first, { safetyDir: dir });
      expect(result.erasuresReapplied).toBe(1);
      expect(await traceOf(target.url, erased)).toEqual({ rows: {}, signIn: 401 });
      expect(await tombstoneCount(target.url, pseudonym)).toBe(1);
      await withClient(target.url, async (c) => {
        const list = await c.query("select source from member_erasures where pseudonym = $1", [pseudonym]);
        expect(list.rows).toEqual([{ source: "admin" }]);
      });
      // A member never erased is untouched.
      expect(await countsOf(target.url, kept)).toEqual(keptBefore);
      expect((await traceOf(target.url, kept)).signIn).toBe(200);
    } finally {
      await plain.drop();
      await target.drop();
    }
  });

  it("--force: erases again a member erased in the database it replaces, after the newest backup", async () => {
    const erased = await memberWithRows("Wanda");
    const kept = await memberWithRows("Vera");
    const dir = freshDir("force");
    const backup = path.join(dir, "fellowship-backup-manual-only.zip");
    await createBackup(t.dbUrl, backup);
    const live = await createEmptyTestDb();
    try {
      await restoreWhenAlone(live.url, backup, { safetyDir: dir });
      const keptBefore = await countsOf(live.url, kept);
      // Erased on the live install after its newest backup.
      const db = createDb(live.url, { max: 1 });
      await eraseMember(db, { churchId: church.church.id, memberId: erased.user.id, source: "member", by: byAdmin() });
      await db.$client.end();

      const safetyDir = freshDir("force-safety");
      const result = await restoreWhenAlone(live.url, backup, { safetyDir, force: true });
      expect(result.safetyBackup).toBeDefined();
      expect(result.erasuresReapplied).toBe(1);
      expect(await traceOf(live.url, erased)).toEqual({ rows: {}, signIn: 401 });
      expect(await tombstoneCount(live.url, memberPseudonym(erased.user.id))).toBe(1);
      expect(await countsOf(live.url, kept)).toEqual(keptBefore);
    } finally {
      await live.drop();
    }
  });
});
