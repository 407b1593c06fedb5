import fs from "node:fs";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../test/app";
import { createChurch, invite, uniqueEmail } from "../../test/factories";
import { invitations } from "../db/schema/invitations";
import { redactUrl } from "./secrets";

/**
 * Security item 9: tokens are stored encrypted or hashed, never written to a log line; without
 * SMTP_URL an e-mail goes to an owner-only file and the log names only the file.
 */
let t: TTestApp;
const lines: string[] = [];
beforeAll(async () => {
  // Every request's line, into memory: quick successful reads are written at debug (issue 30), and
  // their addresses carry tokens as much as any.
  t = await createTestApp({ LOG_LEVEL: "debug" }, { logger: { stream: { write: (l: string) => lines.push(l) } } });
});

describe("tokens and logs (security item 9)", () => {
  it("stores an invitation's token only hashed and sealed, and the admin's list still shows the link", async () => {
    const { admin } = await createChurch(t.app);
    const inv = await invite(admin, uniqueEmail("guest"));
    const rows = await t.db.select().from(invitations);
    const row = rows.find((r) => r.id === inv.id);
    expect(row?.legacyToken).toBeNull();
    expect(JSON.stringify(row)).not.toContain(inv.token);
    expect(row?.tokenSealed).toMatch(/^v1\./);
    const listed = await admin.get("/api/invitations");
    expect(listed.body.find((i: { id: string }) => i.id === inv.id).token).toBe(inv.token);
  });

  it("writes no token to the log, whatever URL carries it, and emails go to an owner-only file", async () => {
    const { admin } = await createChurch(t.app);
    const inv = await invite(admin, uniqueEmail("guest"));
    await t.app.mailer.flush();
    const anon = new Caller(t.app);
    const feeds = (await admin.get("/api/admin/feeds")).body;
    const feedToken = new URL(feeds.podcastUrl).pathname.split("/")[3];
    const visits = [
      `/api/invite/${inv.token}`,
      `/invite/${inv.token}`,
      `/api/login?invitation=${inv.token}`,
      `/reset-password?token=${inv.token}x`,
      `/verify-email?token=${inv.token}y`,
      `/api/feeds/${feedToken}/podcast.xml`,
      `/api/callback?code=${inv.token}z&state=${inv.token}w`,
    ];
    for (const url of visits) await anon.get(url);
    const log = lines.join("");
    for (const secret of [inv.token, feedToken]) expect(log).not.toContain(secret);
    expect(log).toContain("/api/invite/[redacted]");
    expect(log).toContain("/api/login?invitation=[redacted]");

    // The invitation e-mail went to a file only its owner can read; the log names the file, not the link.
    const entry = lines.map((l) => JSON.parse(l)).find((l) => l.file && l.to === inv.email);
    expect(entry?.msg).toBe("Email written to a file (SMTP_URL is not set)");
    expect(fs.statSync(entry.file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(entry.file, "utf8")).toContain(`/invite/${inv.token}`);
  });

  it("redacts tokens in paths and queries and leaves the rest", () => {
    expect(redactUrl("/api/invite/abc/accept")).toBe("/api/invite/[redacted]/accept");
    expect(redactUrl("/api/feeds/abc/calendar.ics")).toBe("/api/feeds/[redacted]/calendar.ics");
    expect(redactUrl("/reset-password?token=abc&x=1")).toBe("/reset-password?token=[redacted]&x=1");
    expect(redactUrl("/api/sermons?search=faith")).toBe("/api/sermons?search=faith");
    expect(redactUrl("/api/callback?code=1&state=2&iss=x")).toBe(
      "/api/callback?code=[redacted]&state=[redacted]&iss=x",
    );
  });

  it("leaves a failed query's parameters and row details out of the log", async () => {
    const secret = "http://fellowship.test/verify-email?token=a-live-token-0123456789";
    // A mail job the queue refuses (no tries allowed): the error's detail holds the row, token and all.
    const payload = JSON.stringify({ to: "ruth@example.org", subject: "Confirm", text: secret });
    const err = await t.db
      .execute(sql`select graphile_worker.add_job('mail', ${payload}::json, max_attempts => 0)`)
      .catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    t.app.log.error({ err }, "could not queue mail");
    const line = lines.find((l) => l.includes("could not queue mail")) ?? "";
    expect(line).toContain("Failed query");
    expect(line).toContain("[not logged]");
    expect(line).not.toContain("a-live-token");
  });
});
