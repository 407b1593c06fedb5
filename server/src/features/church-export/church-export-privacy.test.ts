import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createSermon, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { unzip } from "../../../test/zip";
import { pushSubscriptions } from "../../db/schema/community";
import { sermonHighlights } from "../../db/schema/highlights";
import { prayerRequestPrayers, prayerRequests } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";

/**
 * Issue 23, items 1 and 2: an admin's church export ties no anonymous prayer request to its author,
 * through any file or any join of files, and holds no member's private sermon notes.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

type TRow = { file: string; line: number; cells: Record<string, string>; ids: Set<string>; text: string };

/** Every row of every CSV file, with every id it holds in any column (a cell may hold an id in a link). */
function rowsOfExport(files: Map<string, Buffer>): TRow[] {
  return [...files]
    .filter(([name]) => name.endsWith(".csv"))
    .flatMap(([file, csv]) =>
      (parse(csv.toString("utf8"), { columns: true, bom: true }) as Record<string, string>[]).map((cells, i) => {
        const values = Object.values(cells);
        const ids = new Set(values.flatMap((v) => (v.match(UUID) ?? []).map((id) => id.toLowerCase())));
        return { file, line: i + 2, cells, ids, text: values.join("\u0000") };
      }),
    );
}

const where = (r: TRow) => `${r.file}:${r.line} ${JSON.stringify(r.cells)}`;

async function pray(who: TSignedIn, requestId: string) {
  const res = await who.post(`/api/prayer-requests/${requestId}/pray`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.counted).toBe(true);
}

async function answer(who: TSignedIn, requestId: string) {
  const res = await who.patch(`/api/prayer-requests/${requestId}/answered`, { answerNote: "Thank you all" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function share(who: TSignedIn, title: string, isAnonymous: boolean): Promise<string> {
  const res = await who.post("/api/prayer-requests", { title, description: "Please pray", isAnonymous });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function highlight(who: TSignedIn, sermonId: string, text: string, note: string | null): Promise<string> {
  const res = await who.post("/api/sermon-highlights", { sermonId, timestamp: 30, text, note });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

describe("the church export and anonymous prayer requests", () => {
  let c: TTestChurch;
  let ruth: TSignedIn;
  let boaz: TSignedIn;
  let naomi: TSignedIn;
  let rows: TRow[];
  let files: Map<string, Buffer>;
  /** (author, request) of every anonymous request of the church, read from the database. */
  let forbidden: { authorId: string; requestId: string; title: string }[];
  let memberIds: Set<string>;
  const privateNotes: { id: string; text: string; note: string }[] = [];
  const sharedNotes: { id: string; text: string }[] = [];

  beforeAll(async () => {
    c = await createChurch(t.app, "Privacy Chapel");
    ruth = await addMember(t.app, c, "CONGREGANT", "Ruth");
    boaz = await addMember(t.app, c, "GROUP_LEADER", "Boaz");
    naomi = await addMember(t.app, c, "CONGREGANT", "Naomi");
    const admin = c.admin;

    // Ruth's anonymous request: she prays for it herself, Boaz and the admin pray (Ruth is told
    // "someone prayed"), and Ruth marks it answered (Boaz and the admin are told).
    const ruthAnon = await share(ruth, "Ruth's quiet request", true);
    await pray(ruth, ruthAnon);
    await pray(boaz, ruthAnon);
    await pray(admin, ruthAnon);
    await answer(ruth, ruthAnon);

    // Boaz's anonymous request: Naomi, the admin and Boaz himself pray; the admin marks it answered
    // (only Naomi is told: not its author, nor whoever marked it).
    const boazAnon = await share(boaz, "Boaz's quiet request", true);
    await pray(naomi, boazAnon);
    await pray(boaz, boazAnon);
    await pray(admin, boazAnon);
    await answer(admin, boazAnon);

    // The admin's anonymous request, still open: Ruth prays (the admin is told), and so does the admin.
    const adminAnon = await share(admin, "The pastor's quiet request", true);
    await pray(ruth, adminAnon);
    await pray(admin, adminAnon);

    // Naomi's anonymous request nobody prayed for yet, and her named one, answered.
    await share(naomi, "Naomi's quiet request", true);
    const naomiNamed = await share(naomi, "Naomi's named request", false);
    await pray(ruth, naomiNamed);
    await pray(naomi, naomiNamed);
    await answer(naomi, naomiNamed);

    // Highlights: private notes of two members, one shared highlight shared again by another member.
    const sermon = await createSermon(admin, { title: "Privacy sermon" });
    for (const [who, name] of [
      [ruth, "Ruth"],
      [naomi, "Naomi"],
    ] as const) {
      const text = `${name}'s private highlight text`;
      const note = `${name}'s private sermon note`;
      privateNotes.push({ id: await highlight(who, sermon.id, text, note), text, note });
    }
    const sharedText = "Boaz's shared highlight text";
    const sharedId = await highlight(boaz, sermon.id, sharedText, "A note for everyone");
    expect((await boaz.patch(`/api/sermon-highlights/${sharedId}/share`)).status).toBe(200);
    expect((await naomi.patch(`/api/sermon-highlights/${sharedId}/share`)).status).toBe(200);
    sharedNotes.push({ id: sharedId, text: sharedText });

    // What the app writes to the moment: Ruth's first request after a pause posted her anonymous
    // request and marked her seen (users.lastActiveAt); Boaz's prayer for it pushed to her device
    // alone (push_subscriptions.lastSuccessAt). Set here as the app sets them, to the millisecond.
    const [posted] = await t.db
      .select({ at: prayerRequests.createdAt })
      .from(prayerRequests)
      .where(eq(prayerRequests.id, ruthAnon));
    const [boazPrayed] = await t.db
      .select({ at: prayerRequestPrayers.createdAt })
      .from(prayerRequestPrayers)
      .where(and(eq(prayerRequestPrayers.requestId, ruthAnon), eq(prayerRequestPrayers.userId, boaz.user.id)));
    await t.db.update(users).set({ lastActiveAt: posted.at, lastLogin: posted.at }).where(eq(users.id, ruth.user.id));
    await t.db.insert(pushSubscriptions).values({
      churchId: c.church.id,
      userId: ruth.user.id,
      endpoint: "https://push.example/ruth",
      p256dh: "p256dh",
      auth: "auth",
      lastSuccessAt: boazPrayed.at,
    });

    // What follows each change (notifications, feed lines) has happened.
    await drainJobs(t.app);
    // Through the real route, as the admin's browser downloads it (the raw bytes of the ZIP).
    const raw = await t.app.inject({
      method: "GET",
      url: "/api/admin/church-export.zip",
      headers: { cookie: admin.cookie ?? "" },
    });
    expect(raw.statusCode).toBe(200);
    files = await unzip(raw.rawPayload);
    rows = rowsOfExport(files);

    forbidden = (
      await t.db
        .select({ authorId: prayerRequests.authorId, requestId: prayerRequests.id, title: prayerRequests.title })
        .from(prayerRequests)
        .where(and(eq(prayerRequests.churchId, c.church.id), eq(prayerRequests.isAnonymous, true)))
    ).map((r) => ({ ...r, authorId: r.authorId as string }));
    memberIds = new Set([admin, ruth, boaz, naomi].map((m) => m.user.id));
  });

  it("was given data on every channel the issue names", () => {
    expect(forbidden).toHaveLength(4);
    const notes = rows.filter((r) => r.file === "notifications.csv");
    // "Someone prayed" and "prayer answered" about anonymous requests went out (to others than the author).
    expect(notes.some((r) => r.cells.kind === "prayer_answered" && r.cells.userId === boaz.user.id)).toBe(true);
    expect(notes.some((r) => r.cells.kind === "prayer_answered" && r.cells.userId === naomi.user.id)).toBe(true);
    const prayers = rows.filter((r) => r.file === "prayers.csv");
    // Others' prayers for anonymous requests stay in the export.
    for (const f of forbidden.filter((x) => !x.title.startsWith("Naomi"))) {
      expect(prayers.some((r) => r.cells.requestId === f.requestId && r.cells.userId !== f.authorId)).toBe(true);
    }
  });

  it("holds no row that names an anonymous request's author beside the request (by id or title)", () => {
    const offenders = forbidden.flatMap((f) =>
      rows
        .filter((r) => (r.ids.has(f.requestId) || r.text.includes(f.title)) && r.ids.has(f.authorId))
        .map((r) => `${f.title}: ${where(r)}`),
    );
    expect(offenders).toEqual([]);
  });

  it("ties no anonymous request to its author through any join of files by any id column", () => {
    // From the request, follow every id that is not a person's (notification, highlight, event ...
    // ids, whatever column holds them, in every file) to every row holding it, as far as it goes;
    // a row so reached must not hold the author. A person's own id is no link to the request: that
    // Boaz prayed for it and is Ruth's prayer partner says nothing about who wrote it.
    const offenders: string[] = [];
    for (const f of forbidden) {
      const reached = new Set([f.requestId]);
      const seen = new Set<TRow>();
      let grew = true;
      while (grew) {
        grew = false;
        for (const r of rows) {
          if (seen.has(r)) continue;
          const isLinked = [...r.ids].some((id) => reached.has(id)) || r.text.includes(f.title);
          if (!isLinked) continue;
          seen.add(r);
          grew = true;
          if (r.ids.has(f.authorId)) offenders.push(`${f.title}: ${where(r)}`);
          for (const id of r.ids) if (!memberIds.has(id)) reached.add(id);
        }
      }
      // The walk did reach the request's rows (its own row at least).
      expect([...seen].some((r) => r.file === "prayer-requests.csv")).toBe(true);
    }
    expect(offenders).toEqual([]);
  });

  it("does not name the author as who prayed but was not told of the answer", () => {
    // "Prayer answered" goes to everyone who prayed but the author and whoever marked it: the
    // recipients subtracted from prayers.csv must not leave the author.
    for (const f of forbidden) {
      const prayed = new Set(
        rows.filter((r) => r.file === "prayers.csv" && r.cells.requestId === f.requestId).map((r) => r.cells.userId),
      );
      const told = new Set(
        rows
          .filter(
            (r) =>
              r.file === "notifications.csv" && r.cells.kind === "prayer_answered" && r.cells.relatedId === f.requestId,
          )
          .map((r) => r.cells.userId),
      );
      const untold = [...prayed].filter((u) => !told.has(u));
      expect(untold, f.title).not.toContain(f.authorId);
    }
  });

  it("ties no anonymous request to its author by the moment of a row", () => {
    // The moments the export shows of each anonymous request (posted, answered, each prayer for it
    // it keeps) must not be the moment of any row that names the author.
    const offenders: string[] = [];
    for (const f of forbidden) {
      const moments = new Set(
        rows
          .filter(
            (r) =>
              (r.file === "prayer-requests.csv" && r.cells.id === f.requestId) ||
              (r.file === "prayers.csv" && r.cells.requestId === f.requestId),
          )
          .flatMap((r) => [r.cells.createdAt, r.cells.answeredAt])
          .filter(Boolean),
      );
      expect(moments.size, f.title).toBeGreaterThan(0);
      for (const r of rows.filter((x) => x.ids.has(f.authorId))) {
        for (const [column, value] of Object.entries(r.cells))
          if (moments.has(value)) offenders.push(`${f.title}: ${r.file}:${r.line} ${column}=${value}`);
      }
    }
    expect(offenders).toEqual([]);
    const ruthRow = rows.find((r) => r.file === "members.csv" && r.cells.id === ruth.user.id);
    expect(ruthRow?.cells.lastActiveAt).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    expect(ruthRow?.cells.lastLogin).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    const device = rows.find((r) => r.file === "push-subscriptions.csv" && r.cells.userId === ruth.user.id);
    expect(device?.cells.lastSuccessAt).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
  });

  it("still names the author of a named request, and who prayed for it", () => {
    const named = rows.find((r) => r.file === "prayer-requests.csv" && r.cells.title === "Naomi's named request");
    expect(named?.cells.authorId).toBe(naomi.user.id);
    const prayers = rows.filter((r) => r.file === "prayers.csv" && r.cells.requestId === named?.cells.id);
    expect(prayers.map((r) => r.cells.userId).sort()).toEqual([naomi.user.id, ruth.user.id].sort());
  });

  it("holds shared highlights only, never a member's private notes", async () => {
    const text = [...files.values()].map((f) => f.toString("utf8")).join("\n");
    for (const p of privateNotes) {
      for (const needle of [p.id, p.text, p.note]) expect(text.includes(needle), needle).toBe(false);
    }
    const highlights = rows.filter((r) => r.file === "highlights.csv");
    expect(highlights.map((r) => r.cells.id)).toEqual(sharedNotes.map((s) => s.id));
    expect(highlights[0].cells.text).toBe(sharedNotes[0].text);
    const shares = rows.filter((r) => r.file === "highlight-shares.csv");
    expect(shares.map((r) => r.cells.userId).sort()).toEqual([boaz.user.id, naomi.user.id].sort());
    // The private ones are in the database, so their absence is the export's doing.
    const stored = await t.db
      .select({ id: sermonHighlights.id })
      .from(sermonHighlights)
      .where(eq(sermonHighlights.churchId, c.church.id));
    expect(stored).toHaveLength(3);
  });

  it("says so in its README", () => {
    const readme = files.get("README.txt")?.toString("utf8") ?? "";
    expect(readme).toContain("members' private sermon notes (highlights they did not share)");
    expect(readme).toContain("every row of any file that would tie it to its\nauthor");
    expect(readme).not.toContain("Members' sermon highlights and notes.");
  });
});
