import { ZAuthUser } from "@common/auth";
import { ZToursDone } from "@common/user";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, PASSWORD, signUp } from "../../../test/factories";
import { users } from "../../db/schema/users";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const toursOf = async (c: Caller) => ZAuthUser.parse((await c.get("/api/auth/user")).body).toursDone;

/** The same person signed in on another device: a session of its own, no browser storage shared. */
async function signInAgain(email: string): Promise<Caller> {
  const phone = new Caller(t.app);
  const res = await phone.post("/api/auth/login", { email, password: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return phone;
}

describe("PUT /api/user/tour", () => {
  it("keeps a finished tour on the server: another device's session sees it too, once, and other users are unaffected", async () => {
    const a = await createChurch(t.app);
    const member = await addMember(t.app, a);
    const b = await createChurch(t.app);
    const other = await addMember(t.app, b);
    expect(await toursOf(member)).toEqual([]);
    expect(await toursOf(a.admin)).toEqual([]);

    const res = await member.put("/api/user/tour", { tour: "welcome", done: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZToursDone.parse(res.body)).toEqual({ toursDone: ["welcome"] });
    // Marked twice, kept once.
    expect((await member.put("/api/user/tour", { tour: "welcome", done: true })).body).toEqual({
      toursDone: ["welcome"],
    });
    expect(await toursOf(member)).toEqual(["welcome"]);
    const phone = await signInAgain(member.user.email);
    expect(await toursOf(phone)).toEqual(["welcome"]);
    const [row] = await t.db.select({ toursDone: users.toursDone }).from(users).where(eq(users.id, member.user.id));
    expect(row.toursDone).toEqual(["welcome"]);

    // The church's admin and another church's member still have theirs to see.
    expect(await toursOf(a.admin)).toEqual([]);
    expect(await toursOf(other)).toEqual([]);

    // An admin's welcome is dismissed apart from the member tour; done: false shows a tour again.
    expect((await a.admin.put("/api/user/tour", { tour: "admin-welcome", done: true })).body).toEqual({
      toursDone: ["admin-welcome"],
    });
    expect((await member.put("/api/user/tour", { tour: "welcome", done: false })).body).toEqual({ toursDone: [] });
    expect(await toursOf(phone)).toEqual([]);
    expect(await toursOf(a.admin)).toEqual(["admin-welcome"]);
  });

  it("works for a signed-in user not yet in a church", async () => {
    const newcomer = await signUp(t.app);
    expect((await newcomer.put("/api/user/tour", { tour: "admin-welcome", done: true })).status).toBe(200);
    expect(await toursOf(newcomer)).toEqual(["admin-welcome"]);
  });

  it("answers 400 with a clear message for an unknown tour or a missing done, and stores nothing", async () => {
    const c = await createChurch(t.app);
    const bad = await c.admin.put("/api/user/tour", { tour: "grand-tour", done: true });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/tour must be one of: welcome, admin-welcome/);
    const noDone = await c.admin.put("/api/user/tour", { tour: "welcome" });
    expect(noDone.status).toBe(400);
    expect(noDone.body.message).toMatch(/done must be true or false/);
    expect(await toursOf(c.admin)).toEqual([]);
  });

  it("answers 401 when signed out", async () => {
    const res = await new Caller(t.app).put("/api/user/tour", { tour: "welcome", done: true });
    expect(res.status).toBe(401);
  });
});
