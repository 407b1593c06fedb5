import { ZChurchSettings } from "@common/churches";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TTestChurch } from "../../../test/factories";

/** Issue 28: the retention periods and the privacy contact in Church Settings. */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
});

const URL = "/api/admin/church/settings";

async function currentSettings(c: TTestChurch) {
  const res = await c.admin.get(URL);
  expect(res.status).toBe(200);
  return ZChurchSettings.parse(res.body);
}

const settingsEntries = async (c: TTestChurch) =>
  (await c.admin.get("/api/admin/audit?action=settings.updated")).body as {
    actor: { id: string } | null;
    targetId: string;
    changes: Record<string, [unknown, unknown]>;
  }[];

describe("retention settings", () => {
  it("starts on the defaults; an admin saves each, recorded in the audit log; another church keeps its own", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const before = await currentSettings(a);
    expect(before).toMatchObject({
      chatRetentionDays: 365,
      notificationRetentionDays: 90,
      removedMemberRetentionDays: 30,
      auditRetentionDays: 730,
      privacyContact: null,
    });

    const contact = "Write to our data protection lead, Ruth Jones:\nprivacy@grace.example";
    const res = await a.admin.put(URL, {
      ...before,
      chatRetentionDays: 90,
      notificationRetentionDays: 30,
      removedMemberRetentionDays: 7,
      privacyContact: `  ${contact}  `,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      chatRetentionDays: 90,
      notificationRetentionDays: 30,
      removedMemberRetentionDays: 7,
      privacyContact: contact,
    });
    expect(await currentSettings(a)).toMatchObject({ chatRetentionDays: 90, privacyContact: contact });

    const [entry] = await settingsEntries(a);
    expect(entry).toMatchObject({ actor: { id: a.admin.user.id }, targetId: a.church.id });
    expect(entry.changes).toEqual({
      chatRetentionDays: [365, 90],
      notificationRetentionDays: [90, 30],
      removedMemberRetentionDays: [30, 7],
      privacyContact: [null, contact],
    });

    // The other church is untouched, and its audit log holds nothing of this.
    expect(await currentSettings(b)).toMatchObject({
      chatRetentionDays: 365,
      notificationRetentionDays: 90,
      removedMemberRetentionDays: 30,
      privacyContact: null,
    });
    expect(await settingsEntries(b)).toEqual([]);

    // Absent fields keep their values (older clients send none of these).
    const { chatRetentionDays, notificationRetentionDays, removedMemberRetentionDays, privacyContact, ...rest } =
      await currentSettings(a);
    const kept = await a.admin.put(URL, { ...rest, name: "Grace Renamed" });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      chatRetentionDays: 90,
      notificationRetentionDays: 30,
      removedMemberRetentionDays: 7,
      privacyContact: contact,
    });

    // Empty text (or only spaces) clears the contact: the privacy page then points to the church's e-mail.
    const cleared = await a.admin.put(URL, { ...kept.body, privacyContact: "   " });
    expect(cleared.status).toBe(200);
    expect(cleared.body.privacyContact).toBeNull();
    expect((await settingsEntries(a))[0].changes).toEqual({ privacyContact: [contact, null] });
  });

  it("refuses values not on the lists, and a contact over 2,000 characters, with 400 and the sentence; nothing changes", async () => {
    const c = await createChurch(t.app);
    const before = await currentSettings(c);
    const cases: [string, unknown, string][] = [
      ["chatRetentionDays", 365.5, "Choose how long to keep live chat messages: 30, 90 or 180 days, 1 or 2 years"],
      ["chatRetentionDays", 7, "Choose how long to keep live chat messages: 30, 90 or 180 days, 1 or 2 years"],
      ["chatRetentionDays", "365", "Choose how long to keep live chat messages: 30, 90 or 180 days, 1 or 2 years"],
      ["notificationRetentionDays", 730, "Choose how long to keep notifications: 30, 90 or 180 days, or 1 year"],
      ["notificationRetentionDays", null, "Choose how long to keep notifications: 30, 90 or 180 days, or 1 year"],
      ["removedMemberRetentionDays", 0, "Choose how long to keep a removed member's personal data: 7, 30 or 90 days"],
      ["removedMemberRetentionDays", 365, "Choose how long to keep a removed member's personal data: 7, 30 or 90 days"],
      ["privacyContact", "x".repeat(2001), "The privacy contact must be at most 2,000 characters"],
      ["privacyContact", 42, "The privacy contact must be at most 2,000 characters"],
    ];
    for (const [field, value, message] of cases) {
      const res = await c.admin.put(URL, { ...before, name: "Changed", [field]: value });
      expect(res.status, `${field}=${String(value).slice(0, 10)}`).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[0].path).toBe(field);
    }
    // Exactly 2,000 characters is allowed.
    const longest = await c.admin.put(URL, { ...before, privacyContact: "y".repeat(2000) });
    expect(longest.status).toBe(200);
    expect(longest.body.privacyContact).toHaveLength(2000);
    const after = await currentSettings(c);
    expect(after).toMatchObject({
      name: before.name,
      chatRetentionDays: 365,
      notificationRetentionDays: 90,
      removedMemberRetentionDays: 30,
    });
  });

  it("answers in the caller's language", async () => {
    const c = await createChurch(t.app);
    const before = await currentSettings(c);
    const res = await c.admin.request("PUT", URL, { ...before, chatRetentionDays: 1 }, { "accept-language": "es" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "Elige cuánto tiempo guardar los mensajes del chat en vivo: 30, 90 o 180 días, 1 o 2 años",
    );
  });

  it("refuses congregants and group leaders (403) and the signed-out (401)", async () => {
    const c = await createChurch(t.app);
    const before = await currentSettings(c);
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const m = await addMember(t.app, c, role);
      const res = await m.put(URL, { ...before, chatRetentionDays: 30, privacyContact: "Me" });
      expect(res.status).toBe(403);
    }
    expect((await new Caller(t.app).put(URL, { ...before, chatRetentionDays: 30 })).status).toBe(401);
    expect(await currentSettings(c)).toMatchObject({ chatRetentionDays: 365, privacyContact: null });
    expect(await settingsEntries(c)).toEqual([]);
  });
});
