import { ZAdminStats } from "@common/admin";
import {
  KUDOS_LIST_LIMIT,
  KUDOS_MESSAGE_MAX,
  KUDOS_PER_HOUR,
  KUDOS_RATE_LIMITED,
  KUDOS_TITLE_MAX,
  type TKudos,
  type TKudosReactionResult,
  ZKudos,
  ZKudosReactionResult,
  ZPendingKudos,
} from "@common/kudos";
import { ONBOARDING_STEPS } from "@common/points";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, signUp, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { auditEntries } from "../../db/schema/audit";
import { kudos, kudosReactions, notifications } from "../../db/schema/community";
import { userBadges } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const STEP_POINTS = ONBOARDING_STEPS.find((s) => s.id === "give_kudos")?.points ?? Number.NaN;
const UUID = "00000000-0000-4000-8000-000000000000";

type TChurchOf = TTestChurch & { alice: TSignedIn; bob: TSignedIn; carol: TSignedIn };

/** A church with its admin and three members (Alice gives, Bob receives, Carol looks on). */
async function churchWithMembers(): Promise<TChurchOf> {
  const c = await createChurch(t.app);
  const [alice, bob, carol] = [
    await addMember(t.app, c, "CONGREGANT", "Alice"),
    await addMember(t.app, c, "GROUP_LEADER", "Bob"),
    await addMember(t.app, c, "CONGREGANT", "Carol"),
  ];
  return { ...c, alice, bob, carol };
}

const body = (to: TSignedIn, over: Record<string, unknown> = {}) => ({
  toUserId: to.user.id,
  type: "servant_heart",
  category: "service",
  title: "Thank you for the coffee",
  message: "You served every Sunday this month.",
  ...over,
});

async function give(from: Caller, to: TSignedIn, over: Record<string, unknown> = {}): Promise<TKudos> {
  const res = await from.post("/api/kudos", body(to, over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZKudos.parse(res.body);
}

async function list(who: Caller): Promise<TKudos[]> {
  const res = await who.get("/api/kudos");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.map((k: unknown) => ZKudos.parse(k));
}

const ids = async (who: Caller) => (await list(who)).map((k) => k.id);

async function approve(c: TTestChurch, id: string) {
  const res = await c.admin.post(`/api/admin/kudos/${id}/approve`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZPendingKudos.parse(res.body);
}

async function react(who: Caller, id: string, reaction: string): Promise<TKudosReactionResult> {
  const res = await who.post(`/api/kudos/${id}/reaction`, { reaction });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZKudosReactionResult.parse(res.body);
}

const kudosRow = async (id: string) => (await t.db.select().from(kudos).where(eq(kudos.id, id)))[0];
/** The notifications about `id` once what follows each change (review subscribers) has run. */
const noticesAbout = async (id: string) => {
  await drainJobs(t.app);
  return t.db.select().from(notifications).where(eq(notifications.relatedId, id));
};
const reactionRows = (id: string) => t.db.select().from(kudosReactions).where(eq(kudosReactions.kudosId, id));

describe("POST /api/kudos", () => {
  it("stores a pending kudos verbatim (trimmed) and answers it as the sender sees it", async () => {
    const c = await churchWithMembers();
    const res = await c.alice.post(
      "/api/kudos",
      body(c.bob, { title: "  <b>Thanks</b> & more  ", message: " <script>alert(1)</script>\nline two " }),
    );
    expect(res.status).toBe(201);
    const k = ZKudos.parse(res.body);
    expect(k).toMatchObject({
      toUserId: c.bob.user.id,
      type: "servant_heart",
      category: "service",
      title: "<b>Thanks</b> & more",
      message: "<script>alert(1)</script>\nline two",
      status: "pending",
      isMine: true,
      fromUser: { firstName: "Alice", lastName: "User", profileImageUrl: null },
      toUser: { firstName: "Bob", lastName: "User", profileImageUrl: null },
      reactions: { heart: 0, thumbs_up: 0, celebrate: 0, star: 0 },
      myReactions: [],
    });
    const row = await kudosRow(k.id);
    expect(row).toMatchObject({ churchId: c.church.id, fromUserId: c.alice.user.id, status: "pending" });
    expect(row.title).toBe("<b>Thanks</b> & more");
  });

  it("refuses a recipient outside the church, unknown or not in any church, alike (400), and oneself", async () => {
    const c = await churchWithMembers();
    const other = await churchWithMembers();
    const loner = await signUp(t.app);
    for (const toUserId of [other.bob.user.id, other.admin.user.id, loner.user.id, UUID]) {
      const res = await c.alice.post("/api/kudos", { ...body(c.bob), toUserId });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Choose a member of your church");
    }
    const self = await c.alice.post("/api/kudos", body(c.alice));
    expect(self.status).toBe(400);
    expect(self.body.message).toMatch(/yourself/);
    expect(await t.db.select().from(kudos).where(eq(kudos.churchId, c.church.id))).toEqual([]);
  });

  it("validates every field (400 with a clear message), never 5xx", async () => {
    const c = await churchWithMembers();
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ type: "best_singer" }, /recognition type/i],
      [{ type: undefined }, /recognition type/i],
      [{ category: "music" }, /category/i],
      [{ title: "   " }, /Title is required/],
      [{ title: undefined }, /Title is required/],
      [{ message: "" }, /Message is required/],
      [{ title: "x".repeat(KUDOS_TITLE_MAX + 1) }, /at most/],
      [{ message: "x".repeat(KUDOS_MESSAGE_MAX + 1) }, /at most/],
      [{ toUserId: "not-a-uuid" }, /Choose a member/],
      [{ toUserId: undefined }, /Choose a member/],
      [{ title: 42 }, /Title/],
    ];
    for (const [over, message] of bad) {
      const res = await c.alice.post("/api/kudos", body(c.bob, over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(over)).toMatch(message);
    }
    const broken = await c.alice.request("POST", "/api/kudos", "{not json", { "content-type": "application/json" });
    expect(broken.status).toBe(400);
    expect((await c.alice.post("/api/kudos", [])).status).toBe(400);
    const max = await c.alice.post(
      "/api/kudos",
      body(c.bob, { title: "t".repeat(KUDOS_TITLE_MAX), message: "m".repeat(KUDOS_MESSAGE_MAX) }),
    );
    expect(max.status).toBe(201);
  });

  it("needs a member of a church (401 signed out, 403 without a church)", async () => {
    const c = await churchWithMembers();
    expect((await new Caller(t.app).post("/api/kudos", body(c.bob))).status).toBe(401);
    expect((await new Caller(t.app).get("/api/kudos")).status).toBe(401);
    const loner = await signUp(t.app);
    expect((await loner.post("/api/kudos", body(c.bob))).status).toBe(403);
  });

  it("tells the church's admins (not the sender, not another church's), linking the queue", async () => {
    const c = await churchWithMembers();
    const second = await addMember(t.app, c, "ADMIN", "Deacon");
    const other = await churchWithMembers();
    const k = await give(c.alice, c.bob);
    const rows = await noticesAbout(k.id);
    expect(rows.map((r) => r.userId).sort()).toEqual([c.admin.user.id, second.user.id].sort());
    for (const r of rows) {
      expect(r).toMatchObject({ kind: "kudos_waiting", type: "other", link: "/admin/kudos", churchId: c.church.id });
      expect(r.message).toContain("Alice User recognized Bob User");
    }
    expect(rows.some((r) => r.userId === other.admin.user.id)).toBe(false);
    // An admin who gives kudos is not told about their own.
    const fromAdmin = await give(second, c.carol);
    expect((await noticesAbout(fromAdmin.id)).map((r) => r.userId)).toEqual([c.admin.user.id]);
  });

  it("completes the onboarding step give_kudos once, however many are given", async () => {
    const c = await churchWithMembers();
    const before = (await c.alice.get("/api/auth/user")).body.points;
    await give(c.alice, c.bob);
    await give(c.alice, c.carol);
    await Promise.all([give(c.alice, c.bob), give(c.alice, c.carol)]);
    await drainJobs(t.app);
    const paid = await t.db
      .select()
      .from(pointsLedger)
      .where(
        and(
          eq(pointsLedger.userId, c.alice.user.id),
          eq(pointsLedger.kind, "onboarding_step"),
          eq(pointsLedger.key, "give_kudos"),
        ),
      );
    expect(paid).toHaveLength(1);
    expect(paid[0].points).toBe(STEP_POINTS);
    expect((await c.alice.get("/api/auth/user")).body.points).toBe(before + STEP_POINTS);
    const badges = await t.db.select().from(userBadges).where(eq(userBadges.userId, c.alice.user.id));
    expect(badges.filter((b) => b.badge === "first_kudos")).toHaveLength(1);
    const progress = await c.alice.get("/api/onboarding/progress");
    expect(progress.body.stepsCompleted).toContain("give_kudos");
    // The recipient did not give any.
    expect((await c.bob.get("/api/onboarding/progress")).body.stepsCompleted).not.toContain("give_kudos");
  });
});

describe("GET /api/kudos", () => {
  it("shows the approved to all; pending only to its sender; rejected only to its sender", async () => {
    const c = await churchWithMembers();
    const pending = await give(c.alice, c.bob, { title: "Pending" });
    const approved = await give(c.alice, c.bob, { title: "Approved" });
    const rejected = await give(c.alice, c.bob, { title: "Rejected" });
    await approve(c, approved.id);
    expect((await c.admin.post(`/api/admin/kudos/${rejected.id}/reject`, { reason: "Too private" })).status).toBe(200);

    const alice = await list(c.alice);
    expect(alice.map((k) => [k.title, k.status, k.isMine])).toEqual([
      ["Rejected", "rejected", true],
      ["Approved", "approved", true],
      ["Pending", "pending", true],
    ]);
    // The reason is told to the sender only, and only for the kudos it was given for.
    expect(alice.map((k) => k.rejectionReason)).toEqual(["Too private", null, null]);
    for (const who of [c.bob, c.carol, c.admin]) {
      const seen = await list(who);
      expect(seen.map((k) => k.id)).toEqual([approved.id]);
      expect(seen[0]).toMatchObject({
        status: "approved",
        isMine: false,
        rejectionReason: null,
        fromUser: { firstName: "Alice" },
      });
    }
    expect(pending.status).toBe("pending");
  });

  it("is newest first and bounded, and never lists another church's", async () => {
    const c = await churchWithMembers();
    const other = await churchWithMembers();
    const theirs = await give(other.alice, other.bob);
    await approve(other, theirs.id);
    const rows = Array.from({ length: KUDOS_LIST_LIMIT + 5 }, (_, i) => ({
      churchId: c.church.id,
      fromUserId: c.alice.user.id,
      toUserId: c.bob.user.id,
      type: "encourager",
      category: "encouragement",
      title: `Kudos ${i}`,
      message: "m",
      status: "approved",
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    await t.db.insert(kudos).values(rows);
    const seen = await list(c.carol);
    expect(seen).toHaveLength(KUDOS_LIST_LIMIT);
    expect(seen[0].title).toBe(`Kudos ${KUDOS_LIST_LIMIT + 4}`);
    expect(seen.at(-1)?.title).toBe("Kudos 5");
    expect(seen.some((k) => k.id === theirs.id)).toBe(false);
    expect(await ids(other.carol)).toEqual([theirs.id]);
  });
});

describe("POST /api/kudos/{kudosId}/reaction", () => {
  it("toggles one of each kind per member, with counts and the caller's own in the list", async () => {
    const c = await churchWithMembers();
    const k = await give(c.alice, c.bob);
    await approve(c, k.id);
    expect(await react(c.carol, k.id, "heart")).toEqual({
      reaction: "heart",
      reacted: true,
      reactions: { heart: 1, thumbs_up: 0, celebrate: 0, star: 0 },
      myReactions: ["heart"],
    });
    await react(c.carol, k.id, "star");
    await react(c.bob, k.id, "heart");
    const off = await react(c.carol, k.id, "heart");
    expect(off).toMatchObject({ reacted: false, reactions: { heart: 1, star: 1 }, myReactions: ["star"] });
    await react(c.carol, k.id, "heart");
    const [carolSees] = await list(c.carol);
    expect(carolSees.reactions).toEqual({ heart: 2, thumbs_up: 0, celebrate: 0, star: 1 });
    expect(carolSees.myReactions).toEqual(["heart", "star"]);
    const [bobSees] = await list(c.bob);
    expect(bobSees.myReactions).toEqual(["heart"]);
    expect(await reactionRows(k.id)).toHaveLength(3);
  });

  it("lets the sender react while pending; nobody else (404); an unknown reaction is 400", async () => {
    const c = await churchWithMembers();
    const k = await give(c.alice, c.bob);
    expect((await react(c.alice, k.id, "celebrate")).reacted).toBe(true);
    for (const who of [c.bob, c.carol, c.admin]) {
      const res = await who.post(`/api/kudos/${k.id}/reaction`, { reaction: "heart" });
      expect(res.status).toBe(404);
    }
    for (const reaction of ["love", "", 1, null, undefined]) {
      const res = await c.alice.post(`/api/kudos/${k.id}/reaction`, { reaction });
      expect(res.status, String(reaction)).toBe(400);
      expect(res.body.message).toMatch(/heart, thumbs_up, celebrate, star/);
    }
    // Malformed and unknown ids name no kudos.
    expect((await c.alice.post("/api/kudos/nope/reaction", { reaction: "heart" })).status).toBe(404);
    expect((await c.alice.post(`/api/kudos/${UUID}/reaction`, { reaction: "heart" })).status).toBe(404);
    expect((await reactionRows(k.id)).map((r) => r.userId)).toEqual([c.alice.user.id]);
  });

  it("a rejected kudos takes no reactions (409 to its sender, 404 to others)", async () => {
    const c = await churchWithMembers();
    const k = await give(c.alice, c.bob);
    expect((await c.admin.post(`/api/admin/kudos/${k.id}/reject`)).status).toBe(200);
    expect((await c.alice.post(`/api/kudos/${k.id}/reaction`, { reaction: "heart" })).status).toBe(409);
    expect((await c.bob.post(`/api/kudos/${k.id}/reaction`, { reaction: "heart" })).status).toBe(404);
    expect(await reactionRows(k.id)).toEqual([]);
  });

  it("another church's kudos answers 404 and takes no reaction", async () => {
    const c = await churchWithMembers();
    const other = await churchWithMembers();
    const theirs = await give(other.alice, other.bob);
    await approve(other, theirs.id);
    for (const who of [c.alice, c.admin]) {
      const res = await who.post(`/api/kudos/${theirs.id}/reaction`, { reaction: "heart" });
      expect(res.status).toBe(404);
    }
    expect(await reactionRows(theirs.id)).toEqual([]);
  });

  it("20 identical toggles at once each flip the state: it ends as it began, counts agree, no 5xx", async () => {
    const c = await churchWithMembers();
    const k = await give(c.alice, c.bob);
    await approve(c, k.id);
    await react(c.bob, k.id, "star");
    const results = await Promise.all(
      Array.from({ length: 20 }, () => c.carol.post(`/api/kudos/${k.id}/reaction`, { reaction: "star" })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const answers = results.map((r) => ZKudosReactionResult.parse(r.body));
    expect(answers.filter((a) => a.reacted)).toHaveLength(10);
    // Each answer's count is consistent with its own state: Bob's star plus Carol's when on.
    for (const a of answers) expect(a.reactions.star).toBe(a.reacted ? 2 : 1);
    const rows = await reactionRows(k.id);
    expect(rows.map((r) => r.userId)).toEqual([c.bob.user.id]);
    const [seen] = await list(c.carol);
    expect(seen.reactions.star).toBe(1);
    expect(seen.myReactions).toEqual([]);
  });
});

describe("the admin's approval queue", () => {
  it("lists the church's pending kudos oldest first, with a count; members get 403", async () => {
    const c = await churchWithMembers();
    const other = await churchWithMembers();
    await give(other.alice, other.bob);
    const first = await give(c.alice, c.bob, { title: "First" });
    const second = await give(c.carol, c.alice, { title: "Second" });
    const done = await give(c.bob, c.carol, { title: "Done" });
    await approve(c, done.id);
    const res = await c.admin.get("/api/admin/kudos/pending");
    expect(res.status).toBe(200);
    const queue = res.body.map((k: unknown) => ZPendingKudos.parse(k));
    expect(queue.map((k: { id: string }) => k.id)).toEqual([first.id, second.id]);
    expect(queue[0]).toMatchObject({
      status: "pending",
      title: "First",
      fromUser: { firstName: "Alice" },
      toUser: { firstName: "Bob" },
    });
    expect(ZAdminStats.parse((await c.admin.get("/api/admin/stats")).body).pendingKudos).toBe(2);

    for (const who of [c.alice, c.bob]) {
      expect((await who.get("/api/admin/kudos/pending")).status).toBe(403);
      expect((await who.post(`/api/admin/kudos/${first.id}/approve`)).status).toBe(403);
      expect((await who.post(`/api/admin/kudos/${first.id}/reject`, { reason: "no" })).status).toBe(403);
    }
    expect((await new Caller(t.app).get("/api/admin/kudos/pending")).status).toBe(401);
    expect((await kudosRow(first.id)).status).toBe("pending");
  });

  it("approving tells the recipient (relatedId = the kudos) and the sender, once", async () => {
    const c = await churchWithMembers();
    const k = await give(c.alice, c.bob, { title: "Faithful servant" });
    const approved = await approve(c, k.id);
    expect(approved).toMatchObject({ id: k.id, status: "approved" });
    const row = await kudosRow(k.id);
    expect(row).toMatchObject({ status: "approved", reviewedBy: c.admin.user.id });
    expect(row.reviewedAt).toBeInstanceOf(Date);

    const notes = (await noticesAbout(k.id)).filter((n) => n.kind !== "kudos_waiting");
    const byUser = new Map(notes.map((n) => [n.userId, n]));
    expect(notes).toHaveLength(2);
    expect(byUser.get(c.bob.user.id)).toMatchObject({
      kind: "kudos_approved",
      link: "/kudos",
      relatedId: k.id,
      title: "You received kudos!",
      message: "Alice User recognized you: Faithful servant",
    });
    expect(byUser.get(c.alice.user.id)).toMatchObject({ kind: "kudos_reviewed", link: "/kudos", relatedId: k.id });
    expect(byUser.get(c.alice.user.id)?.title).toMatch(/approved/);
    expect(byUser.has(c.carol.user.id)).toBe(false);

    // Reviewed already: 409 either way, and nobody is told again.
    expect((await c.admin.post(`/api/admin/kudos/${k.id}/approve`)).status).toBe(409);
    expect((await c.admin.post(`/api/admin/kudos/${k.id}/reject`)).status).toBe(409);
    expect((await kudosRow(k.id)).status).toBe("approved");
    expect((await noticesAbout(k.id)).filter((n) => n.kind !== "kudos_waiting")).toHaveLength(2);
  });

  it("rejecting tells only the sender, with the reason; the recipient never sees it", async () => {
    const c = await churchWithMembers();
    const k = await give(c.alice, c.bob);
    const res = await c.admin.post(`/api/admin/kudos/${k.id}/reject`, { reason: "  Please keep it to the team.  " });
    expect(res.status).toBe(200);
    expect(ZPendingKudos.parse(res.body).status).toBe("rejected");
    expect(await kudosRow(k.id)).toMatchObject({ status: "rejected", rejectionReason: "Please keep it to the team." });
    const notes = (await noticesAbout(k.id)).filter((n) => n.kind !== "kudos_waiting");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ userId: c.alice.user.id, kind: "kudos_reviewed", relatedId: k.id });
    expect(notes[0].message).toContain("Please keep it to the team.");
    expect(await ids(c.bob)).toEqual([]);

    // Without a reason (no body at all, or an empty one) the sender is still told.
    const quiet = await give(c.alice, c.carol);
    expect((await c.admin.post(`/api/admin/kudos/${quiet.id}/reject`)).status).toBe(200);
    const [note] = (await noticesAbout(quiet.id)).filter((n) => n.kind === "kudos_reviewed");
    expect(note.message).toBe("Your recognition of Carol User was not approved.");
    const third = await give(c.alice, c.carol);
    expect((await c.admin.post(`/api/admin/kudos/${third.id}/reject`, {})).status).toBe(200);
    const long = await give(c.alice, c.carol);
    const tooLong = await c.admin.post(`/api/admin/kudos/${long.id}/reject`, { reason: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect((await kudosRow(long.id)).status).toBe("pending");
  });

  it("another church's kudos, a missing and a malformed id answer 404 and change nothing", async () => {
    const c = await churchWithMembers();
    const other = await churchWithMembers();
    const theirs = await give(other.alice, other.bob);
    for (const action of ["approve", "reject"]) {
      for (const id of [theirs.id, UUID, "not-an-id"]) {
        const res = await c.admin.post(`/api/admin/kudos/${id}/${action}`, {});
        expect(res.status, `${action} ${id}`).toBe(404);
      }
    }
    expect((await kudosRow(theirs.id)).status).toBe("pending");
    expect((await noticesAbout(theirs.id)).every((n) => n.kind === "kudos_waiting")).toBe(true);
    expect(await ids(other.bob)).toEqual([]);
  });

  it("two admins approving at once: one approves (200), the other gets 409, the recipient is told once", async () => {
    const c = await churchWithMembers();
    const second = await addMember(t.app, c, "ADMIN", "Deacon");
    for (let round = 0; round < 3; round++) {
      const k = await give(c.alice, c.bob);
      const results = await Promise.all([
        c.admin.post(`/api/admin/kudos/${k.id}/approve`),
        second.post(`/api/admin/kudos/${k.id}/approve`),
        second.post(`/api/admin/kudos/${k.id}/reject`, { reason: "late" }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      const winner = results.find((r) => r.status === 200)?.body;
      const notes = (await noticesAbout(k.id)).filter((n) => n.kind !== "kudos_waiting");
      expect((await kudosRow(k.id)).status).toBe(winner.status);
      expect(notes.filter((n) => n.userId === c.alice.user.id)).toHaveLength(1);
      expect(notes.filter((n) => n.userId === c.bob.user.id)).toHaveLength(winner.status === "approved" ? 1 : 0);
    }
  });
});

describe("GET /api/kudos/recipients", () => {
  it("lists the caller's church's other members by name, never an email, and no one of another church", async () => {
    const c = await churchWithMembers();
    const other = await churchWithMembers();
    const res = await c.alice.get("/api/kudos/recipients");
    expect(res.status).toBe(200);
    const got = res.body as { id: string; firstName: string | null }[];
    const mine = [c.admin.user.id, c.bob.user.id, c.carol.user.id].sort();
    expect(got.map((r) => r.id).sort()).toEqual(mine);
    expect(got.some((r) => r.id === c.alice.user.id)).toBe(false);
    expect(got.some((r) => [other.alice, other.bob, other.carol].some((o) => o.user.id === r.id))).toBe(false);
    for (const r of got) expect(Object.keys(r).sort()).toEqual(["firstName", "id", "lastName", "profileImageUrl"]);
    expect(JSON.stringify(got)).not.toContain("@");
  });

  it("needs a member of a church (401 signed out, 403 without a church)", async () => {
    expect((await new Caller(t.app).get("/api/kudos/recipients")).status).toBe(401);
    const noChurch = await signUp(t.app);
    expect((await noChurch.get("/api/kudos/recipients")).status).toBe(403);
  });
});

describe("kudos per member per hour (issue 23)", () => {
  afterEach(() => vi.useRealTimers());

  const sentBy = (who: TSignedIn) => t.db.select().from(kudos).where(eq(kudos.fromUserId, who.user.id));
  const waitingFor = async (c: TTestChurch) => {
    // The admins are told through the job queue (the kudos.submitted event's subscriber).
    await drainJobs(t.app);
    return t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.churchId, c.church.id), eq(notifications.kind, "kudos_waiting")));
  };

  it("the 11th in an hour is 429 with a sentence, not stored, and tells no admin; an hour on it goes", async () => {
    // Only the app's clock is faked: the rows' created_at is the app's time.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-20T10:00:00Z") });
    const c = await churchWithMembers();
    for (let i = 0; i < KUDOS_PER_HOUR; i++) await give(c.alice, i % 2 ? c.bob : c.carol, { title: `Thanks ${i}` });
    expect(await waitingFor(c)).toHaveLength(KUDOS_PER_HOUR);

    vi.setSystemTime(new Date("2026-11-20T10:59:00Z"));
    const refused = await c.alice.post("/api/kudos", body(c.bob, { title: "One too many" }));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(KUDOS_RATE_LIMITED);
    expect(refused.body.message).toBe("You can give 10 kudos an hour. Please try again later.");
    expect(refused.headers["retry-after"]).toBe("60");
    expect((await sentBy(c.alice)).map((k) => k.title)).not.toContain("One too many");
    expect(await sentBy(c.alice)).toHaveLength(KUDOS_PER_HOUR);
    expect(await waitingFor(c)).toHaveLength(KUDOS_PER_HOUR);

    // Another member of the same church is not limited by Alice's kudos; nor is another church's.
    expect((await c.carol.post("/api/kudos", body(c.bob))).status).toBe(201);
    const other = await churchWithMembers();
    expect((await other.alice.post("/api/kudos", body(other.bob))).status).toBe(201);

    // An hour after the first ten, Alice may give again.
    vi.setSystemTime(new Date("2026-11-20T11:00:00.001Z"));
    const again = await c.alice.post("/api/kudos", body(c.bob, { title: "Next hour" }));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await sentBy(c.alice)).toHaveLength(KUDOS_PER_HOUR + 1);
    expect(await waitingFor(c)).toHaveLength(KUDOS_PER_HOUR + 2);
  });

  it("20 sent at once store exactly 10 and tell the admins of 10; the rest are 429", async () => {
    const c = await churchWithMembers();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => c.alice.post("/api/kudos", body(c.bob, { title: `Burst ${i}` }))),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(KUDOS_PER_HOUR);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - KUDOS_PER_HOUR);
    expect(await sentBy(c.alice)).toHaveLength(KUDOS_PER_HOUR);
    expect(await waitingFor(c)).toHaveLength(KUDOS_PER_HOUR);
  });
});

describe("the audit trail of kudos reviews", () => {
  it("records an approval and a rejection with the admin, the kudos and what changed", async () => {
    const c = await churchWithMembers();
    const approved = await give(c.alice, c.bob);
    const rejected = await give(c.alice, c.carol, { title: "Another one" });
    expect((await c.admin.post(`/api/admin/kudos/${approved.id}/approve`, {})).status).toBe(200);
    const res = await c.admin.post(`/api/admin/kudos/${rejected.id}/reject`, { reason: "Please keep it kind" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await t.db.select().from(auditEntries).where(eq(auditEntries.churchId, c.church.id));
    const pick = (action: string) => rows.filter((r) => r.action === action);
    expect(pick("kudos.approved")).toEqual([
      expect.objectContaining({
        actorId: c.admin.user.id,
        targetType: "kudos",
        targetId: approved.id,
        changes: { status: ["pending", "approved"] },
      }),
    ]);
    expect(pick("kudos.rejected")).toEqual([
      expect.objectContaining({
        actorId: c.admin.user.id,
        targetId: rejected.id,
        changes: { status: ["pending", "rejected"], rejectionReason: [null, "Please keep it kind"] },
      }),
    ]);
    // Giving kudos is a member's act, not a change to the church: no entry.
    expect(rows.filter((r) => r.action.startsWith("kudos."))).toHaveLength(2);
  });
});
