import { type TGroup, ZGroup } from "@common/groups";
import type { TNotification } from "@common/notifications";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { users } from "../../db/schema/users";

/** Issue 27's loose ends: a join request's notice names nobody by e-mail. */

let t: TTestApp;
let a: TTestChurch;
let leader: TSignedIn;

beforeAll(async () => {
  t = await createTestApp();
  a = await createChurch(t.app);
  leader = await addMember(t.app, a, "CONGREGANT", "Lydia");
});

async function makeGroup(over: Record<string, unknown> = {}): Promise<TGroup> {
  const res = await a.admin.post("/api/groups", {
    name: "Home Group",
    kind: "bible_study",
    joinPolicy: "request",
    visibility: "listed",
    leaderIds: [leader.user.id],
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZGroup.parse(res.body);
}

async function notificationsOf(who: TSignedIn, kind: string): Promise<TNotification[]> {
  await drainJobs(t.app);
  const res = await who.get(`/api/notifications?kind=${kind}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.notifications;
}

describe("a request to join from a member with no name", () => {
  it("reads 'A church member' (in the leader's language), never their e-mail", async () => {
    const g = await makeGroup({ name: "Nameless Welcome" });
    const asker = await addMember(t.app, a, "CONGREGANT", "Gone");
    await t.db.update(users).set({ firstName: null, lastName: null }).where(eq(users.id, asker.user.id));
    expect((await asker.post(`/api/groups/${g.id}/join`)).body.membership).toBe("requested");
    const [note] = await notificationsOf(leader, "group_join_requested");
    expect(note.message).toBe("A church member asked to join Nameless Welcome.");
    expect(JSON.stringify(note)).not.toContain(asker.user.email);
    expect((await leader.patch("/api/user/preferences", { language: "es" })).status).toBe(200);
    const [spanish] = await notificationsOf(leader, "group_join_requested");
    expect(spanish.message).toBe("Un miembro de la iglesia pidió unirse a Nameless Welcome.");
    expect((await leader.patch("/api/user/preferences", { language: "en" })).status).toBe(200);
  });
});
