import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch } from "../../../test/factories";
import { CHURCH_DATA } from "../../data-kinds";
import { auditEntries } from "../../db/schema/audit";

const URL = "/api/admin/church-export.zip";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
});

const entriesOf = (churchId: string) => t.db.select().from(auditEntries).where(eq(auditEntries.churchId, churchId));

describe("the church export in the audit trail", () => {
  it("records who downloaded it, from where, in their own church only", async () => {
    const a = await createChurch(t.app, "Audit export A");
    const b = await createChurch(t.app, "Audit export B");
    a.admin.ip = "203.0.113.7";
    const res = await a.admin.get(URL);
    expect(res.status).toBe(200);

    const [entry, ...more] = (await entriesOf(a.church.id)).filter((e) => e.action === "export.downloaded");
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorId: a.admin.user.id,
      actorFirstName: a.admin.user.firstName,
      targetType: "church_export",
      targetId: null,
      ip: "203.0.113.7",
      changes: { format: [null, "zip"], files: [null, CHURCH_DATA.kinds.length] },
    });
    // The other church's trail does not hear of it.
    expect((await entriesOf(b.church.id)).filter((e) => e.action === "export.downloaded")).toHaveLength(0);
  });

  it("records nothing when a member who is not an admin is refused", async () => {
    const c = await createChurch(t.app, "Audit export C");
    const member = await addMember(t.app, c, "GROUP_LEADER", "Lydia");
    expect((await member.get(URL)).status).toBe(403);
    expect((await entriesOf(c.church.id)).filter((e) => e.action === "export.downloaded")).toHaveLength(0);
  });
});
