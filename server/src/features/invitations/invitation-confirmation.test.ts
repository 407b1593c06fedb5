import { CONFIRM_TO_SEND_INVITATIONS, UNCONFIRMED_ADMIN_INVITATION_EMAILS } from "@common/invitation-helpers";
import { ZInvitation } from "@common/invitations";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import {
  addMember,
  createChurch,
  invite,
  signUp,
  type TSignedIn,
  type TTestChurch,
  uniqueEmail,
} from "../../../test/factories";
import { linkToken, receiveMail } from "../../../test/mail";
import { startSmtpServer } from "../../../test/smtp";
import { invitationSends, invitations } from "../../db/schema/invitations";

/**
 * Security issue 23, item 4: an account whose address is not confirmed could make churches that each
 * e-mailed 500 invitations a day. Mail goes through a real SMTP server here, so "not e-mailed" means
 * nothing reached it.
 */
let t: TTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** A second app whose whole install may send 3 invitation e-mails a day. */
let capped: TTestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  capped = await createTestApp({ INVITATION_EMAILS_PER_DAY_TOTAL: "3" }, { runJobs: false });
});

const CONFIRM_SUBJECT = "Confirm your Fellowship email address";
const IMPORT = "/api/admin/members/import";

/** Delivers the outbox, then how many e-mails reached each address over SMTP. */
async function mailCounts(emails: string[]): Promise<number[]> {
  await t.app.mailer.flush();
  return emails.map((e) => smtp.messages.filter((m) => m.to.includes(e)).length);
}

/** Confirms the caller's address through the link e-mailed to it, in the browser signed in to it. */
async function confirmAddress(caller: TSignedIn, after = 0) {
  const mail = await receiveMail(t.app, smtp, caller.user.email, CONFIRM_SUBJECT, { after });
  const res = await caller.post("/api/auth/verify-email", { token: linkToken(mail, "verify-email") });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.emailVerified).toBe(true);
}

/** `n` invitations at once from `c`'s admin: the answers, in the order of `emails`. */
async function inviteMany(c: TTestChurch, n: number) {
  const emails = Array.from({ length: n }, (_, i) => uniqueEmail(`guest${i}`));
  const answers = await Promise.all(emails.map((email) => c.admin.post("/api/invitations", { email })));
  for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
  return { emails, invitations: answers.map((a) => ZInvitation.parse(a.body)) };
}

const sendsOf = async (churchId: string) =>
  (await t.db.select({ n: count() }).from(invitationSends).where(eq(invitationSends.churchId, churchId)))[0].n;

describe("invitations from an admin whose address is not confirmed (issue 23, item 4)", () => {
  it("the church emails 20; the rest are made but wait for review with the reason, on every sending path, until the admin confirms", async () => {
    const c = await createChurch(t.app);
    expect(c.admin.user.emailVerified).toBe(false);
    // 24 at once: exactly 20 are e-mailed, whatever the order they are served in.
    const { emails, invitations: made } = await inviteMany(c, UNCONFIRMED_ADMIN_INVITATION_EMAILS + 4);
    const sent = made.filter((i) => i.sentAt !== null);
    const held = made.filter((i) => i.sentAt === null);
    expect(sent).toHaveLength(20);
    expect(held).toHaveLength(4);
    for (const i of sent) expect(i.notice).toBeUndefined();
    for (const i of held) {
      expect(i.notice).toBe(CONFIRM_TO_SEND_INVITATIONS);
      expect(i.notice).toBe(
        "Confirm your email address to send more than 20 invitations; these wait for review until then. Use the link we emailed you, or send yourself a new one.",
      );
      // The link exists (Copy Link still works); only the e-mail waits.
      expect(i.token).toMatch(/^[\w-]{43}$/);
    }
    const counts = await mailCounts(emails);
    expect(counts.filter((n) => n === 1)).toHaveLength(20);
    expect(counts.filter((n) => n === 0)).toHaveLength(4);
    for (const i of held) expect(counts[emails.indexOf(i.email)]).toBe(0);
    expect(await sendsOf(c.church.id)).toBe(20);

    // The list shows them waiting for review.
    const list = (await c.admin.get("/api/invitations")).body.map((i: unknown) => ZInvitation.parse(i));
    expect(list.filter((i: { sentAt?: string | null }) => i.sentAt === null)).toHaveLength(4);

    // Every other way to e-mail an invitation is held back too, saying why.
    const sendOne = await c.admin.post(`/api/admin/invitations/${held[0].id}/send`);
    expect(sendOne.status).toBe(403);
    expect(sendOne.body.message).toBe(CONFIRM_TO_SEND_INVITATIONS);
    const resend = await c.admin.post(`/api/invitations/${sent[0].id}/resend`);
    expect(resend.status).toBe(403);
    expect(resend.body.message).toBe(CONFIRM_TO_SEND_INVITATIONS);
    const all = await c.admin.post("/api/admin/invitations/send-waiting");
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      sent: 0,
      waiting: 4,
      notice: `${CONFIRM_TO_SEND_INVITATIONS} The rest wait for review.`,
    });
    const imported = [uniqueEmail("imp"), uniqueEmail("imp")];
    const imp = await c.admin.post(IMPORT, { csv: `email\n${imported.join("\n")}\n`, send: "now" });
    expect(imp.status, JSON.stringify(imp.body)).toBe(200);
    expect(imp.body).toEqual({
      created: 2,
      sent: 0,
      waiting: 2,
      skipped: 0,
      notice: `${CONFIRM_TO_SEND_INVITATIONS} The rest wait for review.`,
    });
    expect(await mailCounts([...emails, ...imported])).toEqual(counts.concat([0, 0]));
    expect(await sendsOf(c.church.id)).toBe(20);
    const activity = (await c.admin.get("/api/admin/recent-activity")).body.map(
      (a: { description: string }) => a.description,
    );
    expect(activity).toContain(`Invitation to ${held[0].email} (Church Member) waits for review`);

    // Confirmed through the link only the mailbox saw: the waiting ones go, and new ones go at once.
    await confirmAddress(c.admin);
    const now = await c.admin.post("/api/admin/invitations/send-waiting");
    expect(now.body).toEqual({ sent: 6, waiting: 0 });
    const more = await c.admin.post("/api/invitations", { email: uniqueEmail("after") });
    expect(more.status).toBe(201);
    expect(more.body.sentAt).not.toBeNull();
    expect(more.body.notice).toBeUndefined();
    expect(await mailCounts([...held.map((i) => i.email), ...imported, more.body.email])).toEqual([
      1, 1, 1, 1, 1, 1, 1,
    ]);
    expect((await c.admin.post(`/api/invitations/${sent[0].id}/resend`)).status).toBe(200);
    expect(await sendsOf(c.church.id)).toBe(28);
  });

  it("an admin minted through a held invitation's link (Copy Link) is no way around it: an invitation is not proof of the mailbox", async () => {
    const c = await createChurch(t.app);
    const { invitations: made } = await inviteMany(c, UNCONFIRMED_ADMIN_INVITATION_EMAILS + 1);
    const heldLink = made.find((i) => i.sentAt === null);
    expect(heldLink?.token).toBeTruthy();
    // The attacker registers an address they never read with the held link, and makes it an admin.
    const puppetEmail = heldLink?.email as string;
    const puppet = await signUp(t.app, { email: puppetEmail, invitationToken: heldLink?.token as string });
    expect(puppet.user.emailVerified).toBe(true);
    const promoted = await c.admin.patch(`/api/admin/members/${puppet.user.id}`, { role: "ADMIN" });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);

    const victim = uniqueEmail("victim");
    const res = await puppet.post("/api/invitations", { email: victim });
    expect(res.status).toBe(201);
    expect(res.body.sentAt).toBeNull();
    expect(res.body.notice).toBe(CONFIRM_TO_SEND_INVITATIONS);
    expect((await puppet.post("/api/admin/invitations/send-waiting")).body).toMatchObject({ sent: 0 });
    expect(await mailCounts([victim])).toEqual([0]);

    // A real co-admin who joined by invitation asks for a confirmation link (allowed although the
    // invitation counted as confirmed), uses it, and can send.
    const before = smtp.messages.length;
    expect((await puppet.post("/api/auth/verify-email/resend")).status).toBe(202);
    await confirmAddress(puppet, before);
    const again = await puppet.post(`/api/admin/invitations/${res.body.id}/send`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await mailCounts([victim])).toEqual([1]);
    // Once proved by the mailbox, asking again is 409 as before.
    expect((await puppet.post("/api/auth/verify-email/resend")).status).toBe(409);
  });

  it("the rule is the sending admin's own address: a confirmed co-admin sends past 20 while the unconfirmed one waits", async () => {
    const c = await createChurch(t.app);
    const co = await addMember(t.app, c, "ADMIN", "Cohost");
    const before = smtp.messages.length;
    expect((await co.post("/api/auth/verify-email/resend")).status).toBe(202);
    await confirmAddress(co, before);
    await inviteMany(c, UNCONFIRMED_ADMIN_INVITATION_EMAILS);
    const byCreator = await c.admin.post("/api/invitations", { email: uniqueEmail("x") });
    expect(byCreator.body.sentAt).toBeNull();
    const byCo = await co.post("/api/invitations", { email: uniqueEmail("y") });
    expect(byCo.status).toBe(201);
    expect(byCo.body.sentAt).not.toBeNull();
    expect(await mailCounts([byCreator.body.email, byCo.body.email])).toEqual([0, 1]);
  });

  it("the endpoints stay admin-only and church-scoped: held invitations are 404 to another church, which sends none of them", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const member = await addMember(t.app, a, "GROUP_LEADER");
    const { invitations: made } = await inviteMany(a, UNCONFIRMED_ADMIN_INVITATION_EMAILS);
    const held = await a.admin.post("/api/invitations", { email: uniqueEmail("held") });
    expect(held.body.sentAt).toBeNull();
    const calls: [string, string, unknown?][] = [
      ["POST", "/api/invitations", { email: uniqueEmail() }],
      ["POST", `/api/invitations/${made[0].id}/resend`],
      ["POST", `/api/admin/invitations/${held.body.id}/send`],
      ["POST", "/api/admin/invitations/send-waiting"],
      ["POST", IMPORT, { csv: `Email\n${uniqueEmail()}\n`, send: "now" }],
    ];
    for (const [method, url, body] of calls) {
      expect((await member.request(method as "POST", url, body)).status, url).toBe(403);
      expect((await new Caller(t.app).request(method as "POST", url, body)).status, url).toBe(401);
    }
    expect((await b.admin.post(`/api/admin/invitations/${held.body.id}/send`)).status).toBe(404);
    expect((await b.admin.post(`/api/invitations/${held.body.id}/resend`)).status).toBe(404);
    expect((await b.admin.post("/api/admin/invitations/send-waiting")).body).toEqual({ sent: 0, waiting: 0 });
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, held.body.id));
    expect(row.sentAt).toBeNull();
    expect(await mailCounts([held.body.email])).toEqual([0]);
  });
});

describe("INVITATION_EMAILS_PER_DAY_TOTAL: one cap across all churches (issue 23, item 4)", () => {
  it("past the install's 3 a day, another church gets 429 with a sentence and nothing is stored; bulk sends keep the rest waiting", async () => {
    const a = await createChurch(capped.app);
    const b = await createChurch(capped.app);
    await invite(a.admin, uniqueEmail("a1"));
    await invite(a.admin, uniqueEmail("a2"));
    const b1 = await invite(b.admin, uniqueEmail("b1"));

    const refused = await b.admin.post("/api/invitations", { email: uniqueEmail("b2") });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^This server sends at most 3 invitation emails a day across all its churches, and that many have gone out\. You can send more in \d+ h \d+ min\.$/,
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    expect((await b.admin.get("/api/invitations")).body).toHaveLength(1);

    const resend = await b.admin.post(`/api/invitations/${b1.id}/resend`);
    expect(resend.status).toBe(429);
    expect(resend.body.message).toMatch(/at most 3 invitation emails a day across all its churches/);

    const imp = await a.admin.post(IMPORT, { csv: `email\n${uniqueEmail("i1")}\n${uniqueEmail("i2")}\n`, send: "now" });
    expect(imp.status).toBe(200);
    expect(imp.body).toMatchObject({ created: 2, sent: 0, waiting: 2 });
    expect(imp.body.notice).toMatch(
      /at most 3 invitation emails a day across all its churches.*The rest wait for review\.$/,
    );
    const waiting = (await a.admin.get("/api/invitations")).body.find((i: { sentAt: string | null }) => !i.sentAt);
    const one = await a.admin.post(`/api/admin/invitations/${waiting.id}/send`);
    expect(one.status).toBe(429);
    expect((await a.admin.post("/api/admin/invitations/send-waiting")).body).toMatchObject({ sent: 0, waiting: 2 });

    // Three e-mails queued in all, the three allowed; the refused ones queued nothing.
    const [sends] = await capped.db.select({ n: count() }).from(invitationSends);
    expect(sends.n).toBe(3);
    const [{ n: queued }] = await capped.db
      .select({ n: count() })
      .from(invitations)
      .where(eq(invitations.churchId, a.church.id));
    expect(queued).toBe(4);
  });
});
