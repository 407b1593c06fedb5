import type { TPrivacyAudience, TPrivacyField } from "@common/directory";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { unzip } from "../../../test/zip";

/*
 * Issue 27, STYLE habit 15: every reader that carries a member's contact fields, walked with a
 * member who keeps them from everybody. The directory itself is directory.test.ts; the partner card
 * is prayer-partners.test.ts; the groups' roster is the groups feature's.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const CONTACT = { phone: "+1 555 0142", birthday: "1975-09-30", address: "7 Hidden Way", bio: "A very private bio" };
const all = (a: TPrivacyAudience) =>
  ({ email: a, phone: a, birthday: a, address: a, bio: a }) as Record<TPrivacyField, TPrivacyAudience>;

let c: TTestChurch;
let secret: TSignedIn;
let open: TSignedIn;

beforeAll(async () => {
  c = await createChurch(t.app);
  secret = await addMember(t.app, c, "CONGREGANT", "Secret");
  open = await addMember(t.app, c, "CONGREGANT", "Open");
  for (const [m, audience] of [
    [secret, "nobody"],
    [open, "leaders"],
  ] as const) {
    const res = await m.patch("/api/user/profile", {
      firstName: m.user.firstName,
      ...CONTACT,
      bio: `${CONTACT.bio} of ${m.user.firstName}`,
    });
    expect(res.status).toBe(200);
    expect((await m.put("/api/user/privacy", { hidden: false, fields: all(audience) })).status).toBe(200);
  }
});

describe("the admins' member list", () => {
  it("keeps out a bio its owner keeps from everybody; shows a bio for leaders and admins; e-mail stays (the account's name)", async () => {
    const res = await c.admin.get("/api/admin/members");
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((m: { id: string }) => [m.id, m]));
    expect(byId.get(secret.user.id)).toMatchObject({ bio: null, email: secret.user.email });
    expect(byId.get(open.user.id)).toMatchObject({ bio: `${CONTACT.bio} of Open` });
    expect(JSON.stringify(res.body)).not.toContain(CONTACT.phone);
  });

  it("the same in one member's answer (a role change)", async () => {
    const res = await c.admin.patch(`/api/admin/members/${secret.user.id}`, { role: "GROUP_LEADER" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.bio).toBeNull();
    await c.admin.patch(`/api/admin/members/${secret.user.id}`, { role: "CONGREGANT" });
  });

  it("an admin's own bio stays theirs to see", async () => {
    await c.admin.patch("/api/user/profile", { firstName: "Pastor", bio: "Shepherd" });
    await c.admin.put("/api/user/privacy", { hidden: false, fields: all("nobody") });
    const res = await c.admin.get("/api/admin/members");
    expect(res.body.find((m: { id: string }) => m.id === c.admin.user.id).bio).toBe("Shepherd");
  });
});

describe("the church export", () => {
  it("members.csv leaves out what a member keeps from everybody, and carries what admins may see", async () => {
    await drainJobs(t.app);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/church-export.zip",
      headers: { cookie: c.admin.cookie ?? "" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const files = await unzip(res.rawPayload);
    const rows: Record<string, string>[] = parse((files.get("members.csv") as Buffer).toString("utf8"), {
      columns: true,
      bom: true,
    });
    const secretRow = rows.find((r) => r.id === secret.user.id);
    const openRow = rows.find((r) => r.id === open.user.id);
    expect(secretRow).toMatchObject({ phone: "", birthday: "", address: "", bio: "" });
    // A cell starting with + is written with a leading ' (the export's guard against spreadsheet formulas).
    expect(openRow).toMatchObject({ ...CONTACT, phone: `'${CONTACT.phone}`, bio: `${CONTACT.bio} of Open` });
    const everything = [...files.values()].map((f) => f.toString("utf8")).join("\n");
    expect(everything).not.toContain(`${CONTACT.bio} of Secret`);
  });
});

describe("kudos", () => {
  it("carry names and pictures only: no contact field leaves through a recipient list or a kudos", async () => {
    const recipients = await open.get("/api/kudos/recipients");
    expect(recipients.status).toBe(200);
    const sent = await open.post("/api/kudos", {
      toUserId: secret.user.id,
      type: "servant_heart",
      category: "service",
      title: "Thank you",
      message: "For the soup",
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const pending = await c.admin.get("/api/admin/kudos/pending");
    const approved = await c.admin.post(`/api/admin/kudos/${sent.body.id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const list = await open.get("/api/kudos");
    expect(list.status).toBe(200);
    const text = JSON.stringify([recipients.body, sent.body, pending.body, approved.body, list.body]);
    expect(text).toContain(secret.user.id);
    for (const value of [secret.user.email, CONTACT.phone, CONTACT.address, CONTACT.birthday, "A very private bio"])
      expect(text).not.toContain(value);
  });
});
