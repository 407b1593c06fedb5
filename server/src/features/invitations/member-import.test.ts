import { ZInvitation } from "@common/invitations";
import { ZMemberImportPreview, ZMemberImportResult, ZSendWaitingResult } from "@common/member-import";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { findAuditEntries } from "../../../test/audit-entries";
import { addMember, createChurch, invite, type TTestChurch, uniqueEmail } from "../../../test/factories";
import { queuedMail } from "../../../test/mail";
import { invitations } from "../../db/schema/invitations";
import { users } from "../../db/schema/users";

let t: TTestApp;
beforeAll(async () => {
  // Jobs do not run: e-mails stay in the queue where queuedMail reads them.
  t = await createTestApp({ INVITATION_EMAILS_PER_DAY: "6" }, { runJobs: false });
});

const PREVIEW = "/api/admin/members/import/preview";
const IMPORT = "/api/admin/members/import";

async function churchWithMembers(): Promise<TTestChurch> {
  return createChurch(t.app);
}

async function importedRows(churchId: string) {
  return t.db.select().from(invitations).where(eq(invitations.churchId, churchId));
}

describe("member import preview", () => {
  it("guesses the columns from the headers and names each row's problems", async () => {
    const c = await churchWithMembers();
    const member = await addMember(t.app, c);
    const invited = uniqueEmail("invited");
    await invite(c.admin, invited);
    const fresh = uniqueEmail("fresh");
    const csv = [
      "Email,First Name,Surname,Role",
      `${fresh.toUpperCase()},Ann,Lee,Group Leader`,
      "not-an-email,Bob,Ray,",
      `${fresh},Ann,Again,`,
      `${member.user.email},Mem,Ber,`,
      `${invited},In,Vited,admin`,
      `${uniqueEmail()},Carl,Dean,Bishop`,
      `"${uniqueEmail("quoted")}","Dé, Jr",O'Neil,congregant`,
    ].join("\n");
    const res = await c.admin.post(PREVIEW, { csv });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const preview = ZMemberImportPreview.parse(res.body);
    expect(preview.headers).toEqual(["Email", "First Name", "Surname", "Role"]);
    expect(preview.mapping).toEqual({ email: "Email", firstName: "First Name", lastName: "Surname", role: "Role" });
    expect(preview.rows.map((r) => [r.row, r.problems])).toEqual([
      [2, []],
      [3, ["Invalid email"]],
      [4, ["Duplicate in this file"]],
      [5, ["Already a member"]],
      [6, ["Already invited"]],
      [7, ["Unknown role"]],
      [8, []],
    ]);
    expect(preview.rows[0]).toMatchObject({ email: fresh, firstName: "Ann", lastName: "Lee", role: "GROUP_LEADER" });
    expect(preview.rows[1].role).toBe("CONGREGANT");
    expect(preview.rows[5].role).toBeNull();
    expect(preview.rows[6]).toMatchObject({ firstName: "Dé, Jr", lastName: "O'Neil", role: "CONGREGANT" });
    expect(preview.counts).toEqual({ total: 7, ok: 2, withProblems: 5 });
    // A preview makes nothing.
    expect(await importedRows(c.church.id)).toHaveLength(2);
  });

  it("reads the roles' names on screen and in the members export back as their roles", async () => {
    const c = await churchWithMembers();
    const [a, b, d] = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
    const res = await c.admin.post(PREVIEW, {
      csv: `Email,Role\n${a},Church Member\n${b},Church Leader (Admin)\n${d},Congregant\n`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows.map((r: { role: string | null }) => r.role)).toEqual(["CONGREGANT", "ADMIN", "CONGREGANT"]);
  });

  it("follows a given mapping, reads ; separated files and pasted lists without a header", async () => {
    const c = await churchWithMembers();
    const a = uniqueEmail();
    const mapped = await c.admin.post(PREVIEW, {
      csv: `Name;Contact;Kind\nAnn;${a};ADMIN\n`,
      mapping: { email: "Contact", firstName: "Name", role: "Kind" },
    });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
    expect(mapped.body.mapping).toEqual({ email: "Contact", firstName: "Name", lastName: null, role: "Kind" });
    expect(mapped.body.rows[0]).toMatchObject({ row: 2, email: a, firstName: "Ann", lastName: null, role: "ADMIN" });

    const b = uniqueEmail();
    const pasted = await c.admin.post(PREVIEW, { csv: `${a}\n${b}\n\n` });
    expect(pasted.status, JSON.stringify(pasted.body)).toBe(200);
    expect(pasted.body.headers).toEqual(["Column 1"]);
    expect(pasted.body.rows.map((r: { row: number; email: string }) => [r.row, r.email])).toEqual([
      [1, a],
      [2, b],
    ]);
  });

  it("answers 400 with a clear message for bad input, never 5xx", async () => {
    const c = await churchWithMembers();
    const cases: [unknown, RegExp][] = [
      [{ csv: "" }, /empty/],
      [{}, /CSV/],
      [{ csv: 42 }, /CSV/],
      [{ csv: "Name,Phone\nAnn,555\n" }, /No email column found.*Name, Phone/],
      [{ csv: 'Email\n"unclosed@example.org\n' }, /could not be read as CSV/],
      [{ csv: "Email\n" }, /no people/],
      [{ csv: "\u0089PNG\r\n\u001a\n\u0000\u0000" }, /./],
      [{ csv: "Email\na@example.org\n", mapping: { email: "Mail" } }, /"Mail" is not in the file/],
      [{ csv: "Email\na@example.org\n", mapping: { email: "Email", role: "Role" } }, /role column "Role"/],
      [{ csv: "Email\na@example.org\n", mapping: { firstName: "Email" } }, /email/],
      [{ csv: "Email\na@example.org\n", mapping: "Email" }, /mapping/],
      [{ csv: `Email\n${"x@example.org\n".repeat(5001)}` }, /5,001 people; import at most 5,000/],
    ];
    for (const [body, message] of cases) {
      for (const url of [PREVIEW, IMPORT]) {
        const res = await c.admin.post(url, url === IMPORT ? { send: "later", ...(body as object) } : body);
        expect(res.status, `${url} ${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.message).toMatch(message);
      }
    }
    const noSend = await c.admin.post(IMPORT, { csv: `Email\n${uniqueEmail()}\n` });
    expect(noSend.status).toBe(400);
    expect(noSend.body.message).toMatch(/"now" or "later"/);
    const huge = await c.admin.post(PREVIEW, { csv: `Email\n${"a".repeat(1_100_000)}` });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/too large: at most 1 MB/);
    expect(await importedRows(c.church.id)).toHaveLength(0);
  });
});

describe("member import", () => {
  it('"later" makes waiting invitations (source import, names kept) and emails nobody; a double submit invites nobody twice', async () => {
    const c = await churchWithMembers();
    const [a, b] = [uniqueEmail("later-a"), uniqueEmail("later-b")];
    const csv = `Email,First Name,Last Name\n${a},Ann,Lee\n${b},Bo,Ray\nbad,,\n`;
    const [first, second] = await Promise.all([
      c.admin.post(IMPORT, { csv, send: "later" }),
      c.admin.post(IMPORT, { csv, send: "later" }),
    ]);
    const results = [first, second].map((r) => ZMemberImportResult.parse(r.body));
    expect(results.map((r) => r.created).sort()).toEqual([0, 2]);
    expect(results.find((r) => r.created === 2)).toEqual({ created: 2, sent: 0, waiting: 2, skipped: 1 });
    expect(results.find((r) => r.created === 0)).toEqual({ created: 0, sent: 0, waiting: 0, skipped: 3 });
    expect(await queuedMail(t.db, a)).toHaveLength(0);
    expect(await queuedMail(t.db, b)).toHaveLength(0);
    // The trail counts the import (both submits); the addresses stay in the invitations themselves.
    const imports = await findAuditEntries(t.db, c.church.id, "import.completed");
    expect(imports.map((e) => e.changes.created[1]).sort()).toEqual([0, 2]);
    expect(imports.find((e) => e.changes.created[1] === 2)).toMatchObject({
      actorId: c.admin.user.id,
      targetType: "import",
      changes: { created: [null, 2], sent: [null, 0], waiting: [null, 2], skipped: [null, 1], send: [null, "later"] },
    });
    expect(JSON.stringify(imports)).not.toContain(a);

    const list = (await c.admin.get("/api/invitations")).body.map((i: unknown) => ZInvitation.parse(i));
    const ann = list.find((i: { email: string }) => i.email === a);
    expect(ann).toMatchObject({
      sentAt: null,
      source: "import",
      firstName: "Ann",
      lastName: "Lee",
      role: "CONGREGANT",
    });

    // Sending one waiting invitation e-mails it once; a second send is refused.
    const sent = await c.admin.post(`/api/admin/invitations/${ann.id}/send`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(ZInvitation.parse(sent.body).sentAt).not.toBeNull();
    const mails = await queuedMail(t.db, a);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`/invite/${ann.token}`);
    const again = await c.admin.post(`/api/admin/invitations/${ann.id}/send`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already been sent/);

    const rest = await c.admin.post("/api/admin/invitations/send-waiting");
    expect(ZSendWaitingResult.parse(rest.body)).toEqual({ sent: 1, waiting: 0 });
    expect(await queuedMail(t.db, b)).toHaveLength(1);
    expect((await c.admin.post("/api/admin/invitations/send-waiting")).body).toEqual({ sent: 0, waiting: 0 });
  });

  it('"now" emails the new invitations within the church\'s daily limit; the rest wait', async () => {
    const c = await churchWithMembers();
    await invite(c.admin, uniqueEmail()); // one of the day's 6 e-mails already used
    const people = Array.from({ length: 7 }, (_, i) => uniqueEmail(`now${i}`));
    const res = await c.admin.post(IMPORT, { csv: `email\n${people.join("\n")}\nnope\n`, send: "now" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ created: 7, sent: 5, waiting: 2, skipped: 1 });
    // The answer says in words why two wait although "now" was asked.
    expect(res.body.notice).toMatch(
      /^Your church has sent its 6 invitation emails for today\. You can send more in \d+ h \d+ min\. The rest wait for review\.$/,
    );
    const mailed = await Promise.all(people.map(async (p) => (await queuedMail(t.db, p)).length));
    expect(mailed.filter((n) => n === 1)).toHaveLength(5);
    expect(mailed.filter((n) => n === 0)).toHaveLength(2);
    const rows = await importedRows(c.church.id);
    expect(rows.filter((r) => r.source === "import" && r.sentAt === null)).toHaveLength(2);

    // Over the limit: one send answers 429 and the invitation stays waiting; "send all" sends none.
    const waiting = rows.find((r) => r.source === "import" && r.sentAt === null);
    const limited = await c.admin.post(`/api/admin/invitations/${waiting?.id}/send`);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/sent its 6 invitation emails/);
    const none = (await c.admin.post("/api/admin/invitations/send-waiting")).body;
    expect(none).toMatchObject({ sent: 0, waiting: 2 });
    expect(none.notice).toMatch(/sent its 6 invitation emails for today/);
    expect((await importedRows(c.church.id)).filter((r) => r.sentAt === null)).toHaveLength(2);
  });

  it("imports 5,000 rows in one go", async () => {
    const c = await churchWithMembers();
    const lines = Array.from(
      { length: 5000 },
      (_, i) => `big${i}.${c.church.id.slice(0, 8)}@example.org,First${i},Last${i}`,
    );
    const csv = `Email,First Name,Last Name\n${lines.join("\n")}\n`;
    const preview = await c.admin.post(PREVIEW, { csv });
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toEqual({ total: 5000, ok: 5000, withProblems: 0 });
    const res = await c.admin.post(IMPORT, { csv, send: "later" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ created: 5000, sent: 0, waiting: 5000, skipped: 0 });
    const rows = await importedRows(c.church.id);
    expect(rows).toHaveLength(5000);
    expect(new Set(rows.map((r) => r.tokenHash)).size).toBe(5000);
    expect(rows.every((r) => r.sentAt === null && r.source === "import")).toBe(true);
  }, 120_000);
});

describe("export", () => {
  it("exports the church's members and invitations as spreadsheet-safe CSV", async () => {
    const c = await churchWithMembers();
    const other = await churchWithMembers();
    const otherMember = await addMember(t.app, other);
    const evil = await addMember(t.app, c, "GROUP_LEADER");
    await t.db
      .update(users)
      .set({ firstName: '=HYPERLINK("http://evil")', lastName: "\tTab" })
      .where(eq(users.id, evil.user.id));
    const csv = `Email,First Name,Last Name\n${uniqueEmail()},+cmd,@sum\n${uniqueEmail()},-2+3,"\tTab"\n`;
    expect((await c.admin.post(IMPORT, { csv, send: "later" })).body.created).toBe(2);

    const res = await c.admin.get("/api/admin/members/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/);
    const members: string[][] = parse(res.body);
    expect(members[0]).toEqual(["Email", "First Name", "Last Name", "Role", "Joined", "Points", "Last Active"]);
    expect(
      members
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([c.admin.user.email, evil.user.email].sort());
    expect(members.find((r) => r[0] === evil.user.email)?.slice(1, 4)).toEqual([
      '\'=HYPERLINK("http://evil")',
      "'\tTab",
      "Group Leader",
    ]);

    const inv = await c.admin.get("/api/admin/invitations/export.csv");
    expect(inv.status).toBe(200);
    expect(inv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(inv.headers["content-disposition"]).toMatch(/^attachment; filename="invitations-[\d-]+\.csv"$/);
    const rows: string[][] = parse(inv.body);
    expect(rows[0]).toEqual([
      "Email",
      "First Name",
      "Last Name",
      "Role",
      "Status",
      "Source",
      "Created",
      "Sent",
      "Expires",
    ]);
    const imported = rows.filter((r) => r[5] === "import");
    expect(imported.map((r) => [r[1], r[2], r[4], r[7]]).sort()).toEqual([
      ["'+cmd", "'@sum", "Waiting for review", ""],
      ["'-2+3", "Tab", "Waiting for review", ""],
    ]);
    expect(rows.filter((r) => r[5] === "manual").map((r) => r[4])).toEqual(["Accepted"]);
    expect(inv.body).not.toMatch(/[\w-]{43}/); // no invitation links
    // The other church's people are in neither file.
    for (const e of [other.admin.user.email, otherMember.user.email]) expect(res.body + inv.body).not.toContain(e);
    // Each download is in the church's audit log, by whom and how many rows; the other church's log has none.
    const downloads = await findAuditEntries(t.db, c.church.id, "export.downloaded");
    expect(downloads.map((d) => [d.actorId, d.targetType, d.changes])).toEqual([
      [c.admin.user.id, "members", { rows: [null, members.length - 1] }],
      [c.admin.user.id, "invitations", { rows: [null, rows.length - 1] }],
    ]);
    expect(await findAuditEntries(t.db, other.church.id, "export.downloaded")).toEqual([]);
  });
});

describe("access", () => {
  it("refuses every endpoint to congregants and group leaders (403) and the signed-out (401)", async () => {
    const c = await churchWithMembers();
    const inv = await invite(c.admin, uniqueEmail());
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/members/export.csv"],
      ["GET", "/api/admin/invitations/export.csv"],
      ["POST", PREVIEW, { csv: `Email\n${uniqueEmail()}\n` }],
      ["POST", IMPORT, { csv: `Email\n${uniqueEmail()}\n`, send: "now" }],
      ["POST", `/api/admin/invitations/${inv.id}/send`],
      ["POST", "/api/admin/invitations/send-waiting"],
    ];
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const member = await addMember(t.app, c, role);
      for (const [method, url, body] of calls) {
        expect((await member.request(method as "GET", url, body)).status, `${role} ${url}`).toBe(403);
      }
    }
    for (const [method, url, body] of calls) {
      expect((await new Caller(t.app).request(method as "GET", url, body)).status, url).toBe(401);
    }
    expect((await importedRows(c.church.id)).filter((r) => r.source === "import")).toHaveLength(0);
  });

  it("another church's invitation is 404 to send; its waiting rows are not sent by this church's send-all", async () => {
    const a = await churchWithMembers();
    const b = await churchWithMembers();
    const person = uniqueEmail("cross");
    await a.admin.post(IMPORT, { csv: `Email\n${person}\n`, send: "later" });
    const [row] = (await importedRows(a.church.id)).filter((r) => r.source === "import");
    expect((await b.admin.post(`/api/admin/invitations/${row.id}/send`)).status).toBe(404);
    expect((await b.admin.post("/api/admin/invitations/not-a-uuid/send")).status).toBe(404);
    expect((await b.admin.post("/api/admin/invitations/send-waiting")).body).toEqual({ sent: 0, waiting: 0 });
    // B may import the same person: "Already invited" is per church.
    const preview = await b.admin.post(PREVIEW, { csv: `Email\n${person}\n` });
    expect(preview.body.rows[0].problems).toEqual([]);
    expect(await queuedMail(t.db, person)).toHaveLength(0);
    const [after] = (await importedRows(a.church.id)).filter((r) => r.source === "import");
    expect(after.sentAt).toBeNull();
  });
});
