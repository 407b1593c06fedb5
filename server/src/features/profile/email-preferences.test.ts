import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createEvent, createSermon } from "../../../test/factories";
import { startSmtpServer } from "../../../test/smtp";

let t: TTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});

/**
 * Issue 24: no switch for email that nothing sends. The profile no longer offers "Email
 * notifications" because news reaches members in the app and by push, never by email; this pins
 * that down, so the switch comes back only with an email that honours it.
 */
describe("email preferences", () => {
  it("a member gets no email for church news whether 'emailNotifications' is on or off; the sermon and event switches are honoured in the app", async () => {
    const c = await createChurch(t.app);
    const on = await addMember(t.app, c, "CONGREGANT", "Olive");
    const off = await addMember(t.app, c, "CONGREGANT", "Otto");
    expect(
      (await off.patch("/api/user/preferences", { emailNotifications: false, sermonNotifications: false })).body,
    ).toMatchObject({ emailNotifications: false, sermonNotifications: false, eventNotifications: true });

    await t.app.mailer.flush();
    const before = smtp.messages.length;
    await createSermon(c.admin, { title: "News by email?" });
    await createEvent(c.admin, { title: "Picnic" });
    // Every job due (notification delivery, push, mail) has run.
    await t.app.mailer.flush();

    const news = smtp.messages
      .slice(before)
      .filter((m) => [on.user.email, off.user.email].some((a) => m.to.includes(a)));
    expect(news).toEqual([]);

    // In the app: Olive hears of both; Otto, who turned sermons off, only of the event.
    const kinds = async (who: typeof on) =>
      ((await who.get("/api/notifications")).body.notifications as { kind: string }[]).map((n) => n.kind).sort();
    expect(await kinds(on)).toEqual(["event_published", "sermon_published"]);
    expect(await kinds(off)).toEqual(["event_published"]);
  });
});
