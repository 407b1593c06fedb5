import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, signUp } from "../../../test/factories";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const suffix = () => Math.random().toString(36).slice(2, 8);

describe("POST /api/churches: time zone and slug", () => {
  it("stores the time zone and slug sent, and settings show them", async () => {
    const leader = await signUp(t.app);
    const slug = `hope-${suffix()}`;
    const res = await leader.post("/api/churches", { name: "Hope Chapel", timeZone: "America/Chicago", slug });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ timeZone: "America/Chicago", slug, publicPage: false });
    const settings = await leader.get("/api/admin/church/settings");
    expect(settings.body).toMatchObject({ timeZone: "America/Chicago", slug, publicPage: false });
    expect((await leader.get("/api/auth/user")).body.church.timeZone).toBe("America/Chicago");
  });

  it("without a time zone the church starts on UTC, and a zone's spelling is normalised", async () => {
    const a = await signUp(t.app);
    expect((await a.post("/api/churches", { name: `Zone ${suffix()}` })).body.timeZone).toBe("UTC");
    const b = await signUp(t.app);
    expect((await b.post("/api/churches", { name: `Zone ${suffix()}`, timeZone: "europe/berlin" })).body.timeZone).toBe(
      "Europe/Berlin",
    );
  });

  it("refuses an unknown time zone with 400 and creates nothing", async () => {
    const leader = await signUp(t.app);
    const res = await leader.post("/api/churches", { name: "Mars Chapel", timeZone: "Mars/Olympus" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Choose a valid time zone");
    expect(res.body.errors[0].path).toBe("timeZone");
    expect((await leader.get("/api/auth/user")).body.churchId).toBeNull();
  });

  it("makes the slug from the name, adding a number when it is taken", async () => {
    const name = `St. Mark's Église ${suffix()}`;
    const first = await signUp(t.app);
    const a = (await first.post("/api/churches", { name })).body.slug;
    expect(a).toMatch(/^st-marks-eglise-[a-z0-9]+$/);
    const second = await signUp(t.app);
    expect((await second.post("/api/churches", { name })).body.slug).toBe(`${a}-2`);
    const third = await signUp(t.app);
    expect((await third.post("/api/churches", { name })).body.slug).toBe(`${a}-3`);
  });

  it("a name that makes a reserved word or nothing still gets a usable slug", async () => {
    const admin = await signUp(t.app);
    expect((await admin.post("/api/churches", { name: "Admin" })).body.slug).toMatch(/^admin-church(-\d+)?$/);
    const greek = await signUp(t.app);
    expect((await greek.post("/api/churches", { name: "Ἐκκλησία" })).body.slug).toMatch(/^church(-\d+)?$/);
  });

  it("refuses a slug another church has (409), a reserved word and a malformed one (400)", async () => {
    const c = await createChurch(t.app);
    const leader = await signUp(t.app);
    const taken = await leader.post("/api/churches", { name: "Copy", slug: c.church.slug });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("That address is already taken by another church; choose another");
    for (const slug of ["admin", "api", "ab", "x".repeat(41), "has space", "-edge", "edge-", "dots.here", "a--b"]) {
      const res = await leader.post("/api/churches", { name: "Bad Slug", slug });
      expect(res.status, slug).toBe(400);
      expect(res.body.errors[0].path, slug).toBe("slug");
    }
    // Upper case is taken as lower case.
    const ok = await leader.post("/api/churches", { name: "Upper", slug: `Upper-${suffix()}` });
    expect(ok.status).toBe(201);
    expect(ok.body.slug).toMatch(/^upper-[a-z0-9]+$/);
  });
});

describe("PUT /api/admin/church/settings: slug and publicPage", () => {
  it("round-trips the slug and the public page switch; absent fields keep their values", async () => {
    const c = await createChurch(t.app);
    const current = (await c.admin.get("/api/admin/church/settings")).body;
    expect(current.publicPage).toBe(false);
    const slug = `renamed-${suffix()}`;
    const res = await c.admin.put("/api/admin/church/settings", { ...current, slug, publicPage: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug, publicPage: true });
    const { slug: _s, publicPage: _p, ...withoutThem } = res.body;
    const again = await c.admin.put("/api/admin/church/settings", { ...withoutThem, name: "Still Here" });
    expect(again.body).toMatchObject({ slug, publicPage: true, name: "Still Here" });
    expect((await c.admin.get("/api/admin/church/settings")).body).toMatchObject({ slug, publicPage: true });
    // Its own slug again is not "taken".
    expect((await c.admin.put("/api/admin/church/settings", { ...again.body, slug })).status).toBe(200);
  });

  it("refuses another church's slug (409), a bad one and a non-boolean switch (400), changing nothing", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const current = (await b.admin.get("/api/admin/church/settings")).body;
    const taken = await b.admin.put("/api/admin/church/settings", { ...current, slug: a.church.slug });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].path).toBe("slug");
    const bad = await b.admin.put("/api/admin/church/settings", { ...current, slug: "login" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('"login" is reserved; choose another address');
    const notBool = await b.admin.put("/api/admin/church/settings", { ...current, publicPage: "yes" });
    expect(notBool.status).toBe(400);
    expect(notBool.body.errors[0].path).toBe("publicPage");
    expect((await b.admin.get("/api/admin/church/settings")).body).toMatchObject({
      slug: current.slug,
      publicPage: false,
    });
  });

  it("a congregant cannot change them (403)", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const res = await member.put("/api/admin/church/settings", {
      name: "Mine",
      slug: `mine-${suffix()}`,
      publicPage: true,
    });
    expect(res.status).toBe(403);
    expect((await c.admin.get("/api/admin/church/settings")).body.publicPage).toBe(false);
  });
});

describe("GET /api/church", () => {
  it("shows members their own church's contact details, and the public page's path once published", async () => {
    const a = await createChurch(t.app, "Contact Chapel");
    const b = await createChurch(t.app, "Other Chapel");
    const current = (await a.admin.get("/api/admin/church/settings")).body;
    await a.admin.put("/api/admin/church/settings", {
      ...current,
      address: "1 Church Lane",
      phone: "+1 555 0100",
      email: "office@contact.example",
      website: "https://contact.example",
    });
    const member = await addMember(t.app, a);
    const res = await member.get("/api/church");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: "Contact Chapel",
      logoUrl: null,
      brandColor: "#6366F1",
      address: "1 Church Lane",
      phone: "+1 555 0100",
      email: "office@contact.example",
      website: "https://contact.example",
      publicPagePath: null,
    });
    await a.admin.put("/api/admin/church/settings", { ...current, publicPage: true });
    expect((await member.get("/api/church")).body.publicPagePath).toBe(`/c/${current.slug}`);
    // Church B's member sees church B.
    expect((await b.admin.get("/api/church")).body.name).toBe("Other Chapel");
    // Signed out: 401; signed in without a church: 403.
    expect((await new Caller(t.app).get("/api/church")).status).toBe(401);
    expect((await (await signUp(t.app)).get("/api/church")).status).toBe(403);
  });
});
