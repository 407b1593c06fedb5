import { ZPushState } from "@common/notifications";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createSecondInstance, createTestApp, TEST_APP_SECRET, type TTestApp } from "../../../test/app";
import { createChurch } from "../../../test/factories";
import { vapidKeys } from "../../db/schema/community";
import { SecretBox } from "../../lib/secrets";
import { PushService } from "./push.service";

// A database of its own: these tests start with no keys made, and the last one replaces them.
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
});

describe("VAPID keys", () => {
  it("are made once, whichever process gets there first, and every process signs with the same pair", async () => {
    const second = await createSecondInstance(t);
    expect(await t.db.select().from(vapidKeys)).toEqual([]);
    const racers = [
      t.app.push,
      second.push,
      new PushService(t.db, t.app.secrets, t.app.log),
      new PushService(t.db, t.app.secrets, t.app.log),
    ];
    const keys = await Promise.all(racers.map((p) => p.vapidKeys()));
    expect(new Set(keys.map((k) => `${k.publicKey}/${k.privateKey}`)).size).toBe(1);
    expect(Buffer.from(keys[0].publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(keys[0].privateKey, "base64url")).toHaveLength(32);

    const rows = await t.db.select().from(vapidKeys);
    expect(rows).toHaveLength(1);
    // The private key is sealed with the app secret, not stored as it is.
    expect(rows[0].privateKeySealed).toMatch(/^v1\./);
    expect(rows[0].privateKeySealed).not.toContain(keys[0].privateKey);
    expect(t.app.secrets.open(rows[0].privateKeySealed)).toBe(keys[0].privateKey);

    // Both processes give browsers the same public key.
    const c = await createChurch(t.app);
    for (const app of [t.app, second]) {
      const res = await new Caller(app, c.admin.cookie).get("/api/notifications/push");
      expect(res.status).toBe(200);
      expect(ZPushState.parse(res.body).publicKey).toBe(keys[0].publicKey);
    }
  });

  it("sealed under another APP_SECRET, are replaced by new ones rather than leaving push unusable", async () => {
    const before = await t.app.push.vapidKeys();
    const otherSecret = new SecretBox(`${TEST_APP_SECRET} but another`);
    const after = await new PushService(t.db, otherSecret, t.app.log).vapidKeys();
    expect(after.publicKey).not.toBe(before.publicKey);
    expect(await t.db.select().from(vapidKeys)).toMatchObject([{ publicKey: after.publicKey }]);
    // Once made, the new keys are read as they are.
    expect(await new PushService(t.db, otherSecret, t.app.log).vapidKeys()).toEqual(after);
  });
});
