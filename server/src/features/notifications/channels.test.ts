import { DEFAULT_CHANNELS, ZChannels } from "@common/notification-channels";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch } from "../../../test/factories";
import { notificationChannels } from "../../db/schema/community";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
});

const DEFAULTS = { ...DEFAULT_CHANNELS, quietHours: { from: "21:00", to: "08:00" }, digest: true };

describe("GET/PUT /api/notifications/channels (issue 29)", () => {
  it("answers the defaults, changes only what is sent, stores only what differs, each member their own", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c);
    const boaz = await addMember(t.app, c);
    const first = await ruth.get("/api/notifications/channels");
    expect(first.status).toBe(200);
    expect(ZChannels.parse(first.body)).toEqual(DEFAULTS);

    const res = await ruth.put("/api/notifications/channels", {
      events: { email: "always" },
      sermons: { push: true, email: "unseen" },
      quietHours: { from: "22:30", to: "06:45" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = {
      ...DEFAULTS,
      events: { push: true, email: "always" },
      sermons: { push: true, email: "unseen" },
      quietHours: { from: "22:30", to: "06:45" },
    };
    expect(res.body).toEqual(expected);
    expect((await ruth.get("/api/notifications/channels")).body).toEqual(expected);
    // Only the differences are stored; the rest follow the defaults.
    const [row] = await t.db.select().from(notificationChannels).where(eq(notificationChannels.userId, ruth.user.id));
    expect(row.channels).toEqual({ events: { email: "always" }, sermons: { push: true, email: "unseen" } });
    // A later change keeps what was there; quietHours null goes back to the defaults.
    const back = await ruth.put("/api/notifications/channels", {
      events: { push: false },
      quietHours: null,
      digest: false,
    });
    expect(back.body).toEqual({
      ...expected,
      events: { push: false, email: "always" },
      quietHours: DEFAULTS.quietHours,
      digest: false,
    });
    // Boaz is untouched.
    expect((await boaz.get("/api/notifications/channels")).body).toEqual(DEFAULTS);
  });

  it("refuses bad input with 400 and a sentence, changing nothing", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c);
    for (const body of [
      { groupz: { push: true } },
      { events: { email: "sometimes" } },
      { events: { push: "yes" } },
      { quietHours: { from: "25:00", to: "08:00" } },
      { quietHours: { from: "9:00", to: "08:00" } },
      { quietHours: { from: "21:00" } },
      { digest: "no" },
      {},
      [],
    ]) {
      const res = await ruth.put("/api/notifications/channels", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    expect((await ruth.get("/api/notifications/channels")).body).toEqual(DEFAULTS);
  });

  it("is for every role of a church, and for no one signed out", async () => {
    const c = await createChurch(t.app);
    for (const role of ["CONGREGANT", "GROUP_LEADER", "ADMIN"] as const) {
      const m = await addMember(t.app, c, role);
      expect((await m.put("/api/notifications/channels", { kudos: { push: false } })).status, role).toBe(200);
      expect((await m.get("/api/notifications/channels")).body.kudos.push, role).toBe(false);
    }
    const out = new Caller(t.app);
    expect((await out.get("/api/notifications/channels")).status).toBe(401);
    expect((await out.put("/api/notifications/channels", { kudos: { push: false } })).status).toBe(401);
  });
});
