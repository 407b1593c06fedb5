import { ZChurch } from "@common/churches";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch } from "../../../test/factories";
import { makePng } from "../../../test/png";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const settings = (over: Record<string, unknown> = {}) => ({
  name: "Grace Community",
  address: "1 Church Lane, Springfield",
  phone: "+1 555 0100",
  email: "office@grace.example",
  website: "https://grace.example",
  brandColor: "#0F766E",
  logoUrl: null,
  ...over,
});

describe("church settings", () => {
  it("reads and saves every field; the brand colour reaches the current user's church", async () => {
    const c = await createChurch(t.app);
    const before = await c.admin.get("/api/admin/church/settings");
    expect(before.status).toBe(200);
    expect(ZChurch.parse(before.body)).toMatchObject({ id: c.church.id, brandColor: "#6366F1" });

    const res = await c.admin.put("/api/admin/church/settings", settings({ timeZone: "America/Chicago" }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...settings(), timeZone: "America/Chicago" });
    expect((await c.admin.get("/api/admin/church/settings")).body).toMatchObject(settings());
    const me = await c.admin.get("/api/auth/user");
    expect(me.body.church).toMatchObject({
      name: "Grace Community",
      brandColor: "#0F766E",
      timeZone: "America/Chicago",
    });
  });

  it("refuses bad fields with 400 and the field, and changes nothing", async () => {
    const c = await createChurch(t.app, "Unchanged");
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: " " }, "name", "Church name is required"],
      [{ brandColor: "blue" }, "brandColor"],
      [{ website: "javascript:alert(1)" }, "website"],
      [{ email: "nope" }, "email"],
      [{ timeZone: "Mars/Olympus" }, "timeZone"],
      [{ phone: "1".repeat(41) }, "phone"],
      [{ logoUrl: "ftp://x.example/logo.png" }, "logoUrl"],
    ];
    for (const [over, path, message] of cases) {
      const res = await c.admin.put("/api/admin/church/settings", settings(over));
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0].path).toBe(path);
      if (message) expect(res.body.message).toBe(message);
    }
    expect((await c.admin.get("/api/admin/church/settings")).body.name).toBe("Unchanged");
  });

  it("stores an uploaded PNG logo and serves it with its type and cache headers", async () => {
    const c = await createChurch(t.app);
    const png = makePng();
    const res = await c.admin.put(
      "/api/admin/church/settings",
      settings({ logoUrl: `data:image/png;base64,${png.toString("base64")}` }),
    );
    expect(res.status).toBe(200);
    expect(res.body.logoUrl).toMatch(new RegExp(`^/api/churches/${c.church.id}/logo\\?v=`));
    const logo = await t.app.inject({ url: res.body.logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(logo.headers["cache-control"]).toContain("max-age=31536000");
    expect(Buffer.compare(logo.rawPayload, png)).toBe(0);
    const again = await t.app.inject({
      url: res.body.logoUrl,
      headers: { "if-none-match": String(logo.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Saving again with the same logo path keeps it; null removes it.
    const kept = await c.admin.put("/api/admin/church/settings", settings({ logoUrl: res.body.logoUrl }));
    expect(kept.body.logoUrl).toBe(res.body.logoUrl);
    const removed = await c.admin.put("/api/admin/church/settings", settings({ logoUrl: null }));
    expect(removed.body.logoUrl).toBeNull();
    expect((await t.app.inject({ url: res.body.logoUrl })).statusCode).toBe(404);
  });

  it("checks the logo by its bytes: a renamed text file is 400, over 2 MB is 413", async () => {
    const c = await createChurch(t.app);
    const fake = Buffer.from("<svg onload=alert(1)>").toString("base64");
    const res = await c.admin.put("/api/admin/church/settings", settings({ logoUrl: `data:image/png;base64,${fake}` }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please select an image file (PNG, JPG, etc.)");
    const big = Buffer.concat([makePng(), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await c.admin.put(
      "/api/admin/church/settings",
      settings({ logoUrl: `data:image/png;base64,${big.toString("base64")}` }),
    );
    expect(tooBig.status).toBe(413);
    expect((await c.admin.get("/api/admin/church/settings")).body.logoUrl).toBeNull();
  });

  it("keeps a pasted logo link as it is", async () => {
    const c = await createChurch(t.app);
    const res = await c.admin.put("/api/admin/church/settings", settings({ logoUrl: "https://cdn.example/logo.png" }));
    expect(res.body.logoUrl).toBe("https://cdn.example/logo.png");
  });

  it("an admin cannot point their church at another church's stored logo", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const up = await a.admin.put(
      "/api/admin/church/settings",
      settings({ logoUrl: `data:image/png;base64,${makePng().toString("base64")}` }),
    );
    const res = await b.admin.put("/api/admin/church/settings", settings({ logoUrl: up.body.logoUrl }));
    expect(res.status).toBe(200);
    expect(res.body.logoUrl).toBeNull();
    expect((await b.admin.get("/api/admin/church/settings")).body.id).toBe(b.church.id);
  });

  it("refuses congregants and group leaders (403) and the signed-out (401)", async () => {
    const c = await createChurch(t.app, "Keep Me");
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const m = await addMember(t.app, c, role);
      expect((await m.get("/api/admin/church/settings")).status).toBe(403);
      expect((await m.put("/api/admin/church/settings", settings())).status).toBe(403);
    }
    expect((await new Caller(t.app).put("/api/admin/church/settings", settings())).status).toBe(401);
    expect((await c.admin.get("/api/admin/church/settings")).body.name).toBe("Keep Me");
  });

  it("the manifest carries the signed-in member's church name and colour", async () => {
    const c = await createChurch(t.app);
    await c.admin.put("/api/admin/church/settings", settings({ name: "Riverside Church", brandColor: "#B91C1C" }));
    const mine = await c.admin.get("/manifest.webmanifest");
    expect(mine.status).toBe(200);
    expect(mine.headers["content-type"]).toContain("application/manifest+json");
    const body = mine.body;
    expect(body).toMatchObject({
      name: "Riverside Church",
      theme_color: "#B91C1C",
      display: "standalone",
      start_url: "/",
    });
    const anon = (await new Caller(t.app).get("/manifest.webmanifest")).body;
    expect(anon.name).toBe("Fellowship");
  });
});
