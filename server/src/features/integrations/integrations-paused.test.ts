import { ZIntegration } from "@common/integrations";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { afterFile } from "../../../test/after-file";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { PushServiceStandIn } from "../../../test/push-service";
import { startCcbStandIn } from "../../../test/stand-ins/ccb";
import { startMailchimpStandIn } from "../../../test/stand-ins/mailchimp";
import { startPlanningCenterStandIn } from "../../../test/stand-ins/planning-center";
import { makePeople } from "../../../test/stand-ins/stand-in-server";
import { integrations } from "../../db/schema/integrations";

/**
 * Security issue 23, item 7: an admin who was removed or demoted kept their integrations syncing and
 * their webhooks sending. Integrations are connected through the real API (against local stand-ins
 * of the providers), webhooks go to a local receiver, and jobs run only when a test asks.
 */
const MC_KEY = "0123456789abcdef0123456789abcdef-us21";
const PC_KEY = "pc_app_0123456789abcdef:pc_secret_fedcba9876543210";
const CCB_KEY = "apiuser:correct-horse-battery-staple";

let t: TTestApp;
let receiver: PushServiceStandIn;
beforeAll(async () => {
  receiver = await PushServiceStandIn.start();
  const pc = await startPlanningCenterStandIn({ keys: [PC_KEY], people: makePeople(3) });
  const mc = await startMailchimpStandIn({ keys: [MC_KEY] });
  const ccb = await startCcbStandIn({ keys: [CCB_KEY] });
  afterFile(() => Promise.all([pc.close(), mc.close(), ccb.close()]));
  t = await createTestApp(
    { PLANNING_CENTER_API_URL: pc.url, MAILCHIMP_API_URL: `${mc.url}/{dc}`, CCB_API_URL: `${ccb.url}/{subdomain}` },
    { runJobs: false, integrations: { webhookTestOrigin: receiver.origin } },
  );
});

const BODIES = {
  mailchimp: { platform: "mailchimp", apiKey: MC_KEY, config: { audienceId: "a1b2c3d4e5" } },
  planning_center: { platform: "planning_center", apiKey: PC_KEY },
  church_community_builder: { platform: "church_community_builder", apiKey: CCB_KEY, config: { subdomain: "grace" } },
} as const;

let pathCount = 0;

/**
 * `admin` connects `platform` through the API; its webhook then points at a fresh path of the local
 * receiver (set in the row: the API refuses loopback addresses). Returns the id and that path.
 */
async function connect(admin: TSignedIn, platform: keyof typeof BODIES) {
  const res = await admin.post("/api/integrations", BODIES[platform]);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const path = `/hooks/${++pathCount}`;
  await t.db
    .update(integrations)
    .set({ webhookUrl: `${receiver.origin}${path}` })
    .where(eq(integrations.id, res.body.id));
  return { id: res.body.id as string, path };
}

async function listed(admin: Caller, id: string) {
  const res = await admin.get("/api/integrations");
  expect(res.status).toBe(200);
  return ZIntegration.parse(res.body.find((i: { id: string }) => i.id === id));
}

const activity = async (c: TTestChurch) =>
  (await c.admin.get("/api/admin/recent-activity")).body.map((a: { description: string }) => a.description);

/** Runs every due job (webhook deliveries among them) and lets the receiver see them. */
async function deliver() {
  await t.app.jobs.runDue();
}

describe("a removed or demoted admin's integrations are paused (issue 23, item 7)", () => {
  it("demotion pauses exactly the integrations that admin connected: queued deliveries are not sent, syncs refused, the admins asked to review; resume works", async () => {
    const a = await createChurch(t.app);
    const second = await addMember(t.app, a, "ADMIN", "Second");
    const b = await createChurch(t.app);
    const bSecond = await addMember(t.app, b, "ADMIN", "Second");
    await deliver(); // the second admins' own joins, before any webhook is connected
    const theirs = await connect(second, "mailchimp");
    const ours = await connect(a.admin, "planning_center");
    const otherChurch = await connect(bSecond, "mailchimp");
    // The API recorded who connected each one.
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, theirs.id));
    expect(row.createdBy).toBe(second.user.id);

    // Deliveries queued before the demotion, to every webhook of both churches.
    await addMember(t.app, a, "CONGREGANT", "Ruth");
    await addMember(t.app, b, "CONGREGANT", "Naomi");

    const demoted = await a.admin.patch(`/api/admin/members/${second.user.id}`, { role: "CONGREGANT" });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    // Paused in the demotion's own transaction: before any queued delivery or event runs.

    const paused = await listed(a.admin, theirs.id);
    expect(paused.isActive).toBe(false);
    expect(paused.pausedReason).toBe(
      "Paused because Second User, who connected it, is no longer an admin. Review its key, webhook URL and settings (rotate the webhook secret if they knew it), then turn it back on.",
    );
    // In the reader's language, the name as it is (issue 26).
    const inFrench = await a.admin.request("GET", "/api/integrations", undefined, { "accept-language": "fr" });
    expect(inFrench.body.find((i: { id: string }) => i.id === theirs.id).pausedReason).toMatch(
      /^En pause car Second User, qui l’a connectée, n’est plus administrateur\./,
    );
    expect(await listed(a.admin, ours.id)).toMatchObject({ isActive: true, pausedReason: null });
    // Another church's admin with the same name and platform is untouched.
    expect(await listed(b.admin, otherChurch.id)).toMatchObject({ isActive: true, pausedReason: null });
    await deliver(); // the events: the feed's lines and the deliveries queued before
    expect(await activity(a)).toContain(
      "1 integration was paused (Mailchimp) because Second User, who connected it, is no longer an admin. Review it in Integrations and turn it back on.",
    );
    expect((await activity(b)).some((d: string) => d.includes("paused"))).toBe(false);

    expect(receiver.to(theirs.path)).toEqual([]);
    expect(receiver.to(ours.path)).toHaveLength(1);
    expect(receiver.to(otherChurch.path)).toHaveLength(1);
    // A sync of the paused one is refused; the daily sync skips it (it is off).
    const sync = await a.admin.post(`/api/integrations/${theirs.id}/sync`);
    expect(sync.status).toBe(409);
    expect(sync.body.message).toBe("This integration is inactive: turn it on before syncing.");

    // Resuming: not by the demoted admin, nor another church; by a remaining admin, which clears the reason.
    expect((await second.patch(`/api/integrations/${theirs.id}`, { isActive: true })).status).toBe(403);
    expect((await second.get("/api/integrations")).status).toBe(403);
    expect((await new Caller(t.app).patch(`/api/integrations/${theirs.id}`, { isActive: true })).status).toBe(401);
    expect((await b.admin.patch(`/api/integrations/${theirs.id}`, { isActive: true })).status).toBe(404);
    expect((await listed(a.admin, theirs.id)).isActive).toBe(false);
    const resumed = await a.admin.patch(`/api/integrations/${theirs.id}`, { isActive: true });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body).toMatchObject({ isActive: true, pausedReason: null });
    await addMember(t.app, a, "CONGREGANT", "Boaz");
    await deliver();
    expect(receiver.to(theirs.path)).toHaveLength(1);
    expect(JSON.parse(receiver.to(theirs.path)[0].body.toString("utf8")).member.firstName).toBe("Boaz");
  });

  it("removal pauses every integration the admin connected, before the removal's own webhook; the other admin's keeps sending", async () => {
    const c = await createChurch(t.app);
    const leaving = await addMember(t.app, c, "ADMIN", "Leaving");
    await deliver(); // their own join, before any webhook is connected
    const mc = await connect(leaving, "mailchimp");
    const pc = await connect(leaving, "planning_center");
    const kept = await connect(c.admin, "church_community_builder");
    // A delivery queued before the removal.
    await addMember(t.app, c, "CONGREGANT", "Ruth");

    const removed = await c.admin.delete(`/api/admin/members/${leaving.user.id}`);
    expect(removed.status).toBe(204);
    for (const id of [mc.id, pc.id]) {
      const i = await listed(c.admin, id);
      expect(i.isActive).toBe(false);
      expect(i.pausedReason).toMatch(/^Paused because Leaving User, who connected it, is no longer an admin\./);
    }
    expect(await listed(c.admin, kept.id)).toMatchObject({ isActive: true, pausedReason: null });
    await deliver(); // the events: the feed's lines, the deliveries queued before and the removal's own
    expect(await activity(c)).toContain(
      "2 integrations were paused (Mailchimp, Planning Center) because Leaving User, who connected them, is no longer an admin. Review them in Integrations and turn them back on.",
    );

    expect(receiver.to(mc.path)).toEqual([]);
    expect(receiver.to(pc.path)).toEqual([]);
    const events = receiver.to(kept.path).map((r) => JSON.parse(r.body.toString("utf8")).event);
    expect(events.sort()).toEqual(["member.joined", "member.left"]);
  });

  it("turning an integration off by hand leaves no reason; a congregant's role change pauses nothing", async () => {
    const c = await createChurch(t.app);
    const leader = await addMember(t.app, c, "GROUP_LEADER", "Leader");
    const mine = await connect(c.admin, "mailchimp");
    expect((await c.admin.patch(`/api/admin/members/${leader.user.id}`, { role: "CONGREGANT" })).status).toBe(200);
    expect(await listed(c.admin, mine.id)).toMatchObject({ isActive: true, pausedReason: null });
    const off = await c.admin.patch(`/api/integrations/${mine.id}`, { isActive: false });
    expect(off.body).toMatchObject({ isActive: false, pausedReason: null });
    expect((await leader.patch(`/api/integrations/${mine.id}`, { isActive: true })).status).toBe(403);
  });
});
