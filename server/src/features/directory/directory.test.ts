import {
  DEFAULT_PRIVACY,
  PRIVACY_AUDIENCES,
  PRIVACY_FIELDS,
  type TDirectoryEntry,
  type TPrivacyAudience,
  type TPrivacyField,
  ZDirectoryEntry,
  ZPrivacySettings,
} from "@common/directory";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, signUp, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { groupMembers, groups } from "../../db/schema/groups";
import { users } from "../../db/schema/users";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const CONTACT = { phone: "+1 (555) 010-2030", birthday: "1980-04-12", address: "12 Elm Street", bio: "Loves hymns" };

/** A group of `c`'s church with its leader and members, inserted directly (the group routes are G1's). */
async function makeGroup(c: TTestChurch, leader: TSignedIn, members: TSignedIn[], archived = false) {
  const [g] = await t.db
    .insert(groups)
    .values({
      churchId: c.church.id,
      name: "Tuesday study",
      kind: "bible_study",
      archivedAt: archived ? new Date() : null,
    })
    .returning();
  await t.db
    .insert(groupMembers)
    .values([
      { groupId: g.id, churchId: c.church.id, userId: leader.user.id, role: "leader" },
      ...members.map((m) => ({ groupId: g.id, churchId: c.church.id, userId: m.user.id, role: "member" })),
    ]);
  return g;
}

async function directory(who: Caller, query = ""): Promise<TDirectoryEntry[]> {
  const res = await who.get(`/api/directory${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.map((x: unknown) => ZDirectoryEntry.strict().parse(x));
}

async function setPrivacy(who: Caller, fields: Record<TPrivacyField, TPrivacyAudience>, hidden = false) {
  const res = await who.put("/api/user/privacy", { hidden, fields });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const everyField = (audience: TPrivacyAudience) =>
  Object.fromEntries(PRIVACY_FIELDS.map((f) => [f, audience])) as Record<TPrivacyField, TPrivacyAudience>;

describe("privacy settings", () => {
  it("starts at the defaults, stores a whole setting and reads it back", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const first = await m.get("/api/user/privacy");
    expect(first.status).toBe(200);
    expect(ZPrivacySettings.parse(first.body)).toEqual({ hidden: false, fields: DEFAULT_PRIVACY });

    const wanted = {
      hidden: true,
      fields: { email: "church", phone: "groups", birthday: "leaders", address: "nobody", bio: "church" },
    };
    const put = await m.put("/api/user/privacy", wanted);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual(wanted);
    expect((await m.get("/api/user/privacy")).body).toEqual(wanted);
    const [row] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row.directoryHidden).toBe(true);
  });

  it("refuses bad input with a 400 and a clear message, storing nothing", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const good = { hidden: false, fields: everyField("church") };
    const bad: [unknown, RegExp][] = [
      [{ ...good, fields: { ...good.fields, phone: "friends" } }, /church, groups, leaders or nobody/],
      [{ ...good, hidden: "yes" }, /hidden must be true or false/],
      [{ hidden: false, fields: { email: "church" } }, /./],
      [{ ...good, fields: { ...good.fields, shoeSize: "church" } }, /./],
      [{ ...good, extra: 1 }, /./],
      [null, /./],
    ];
    for (const [body, message] of bad) {
      const res = await m.put("/api/user/privacy", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await m.get("/api/user/privacy")).body).toEqual({ hidden: false, fields: DEFAULT_PRIVACY });
  });

  it("answers 401 signed out; a user without a church may set theirs", async () => {
    const anon = new Caller(t.app);
    expect((await anon.get("/api/user/privacy")).status).toBe(401);
    expect((await anon.put("/api/user/privacy", { hidden: true, fields: everyField("nobody") })).status).toBe(401);
    expect((await anon.get("/api/directory")).status).toBe(401);
    const loner = await signUp(t.app);
    expect((await loner.get("/api/user/privacy")).status).toBe(200);
    expect((await loner.put("/api/user/privacy", { hidden: true, fields: everyField("nobody") })).status).toBe(200);
    expect((await loner.get("/api/directory")).status).toBe(403);
  });
});

describe("profile contact fields", () => {
  it("takes phone, birthday and address, gives the owner theirs, and keeps them when not sent", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const res = await m.patch("/api/user/profile", {
      firstName: "Ann",
      phone: "  +44 20 7946 0958 ",
      birthday: "03-15",
      address: "1 Church Lane",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ phone: "+44 20 7946 0958", birthday: "03-15", address: "1 Church Lane" });
    expect((await m.get("/api/auth/user")).body).toMatchObject({ phone: "+44 20 7946 0958", birthday: "03-15" });

    // An older client sends names and bio only: the contact fields stay.
    const kept = await m.patch("/api/user/profile", { firstName: "Ann", bio: "Hi" });
    expect(kept.body).toMatchObject({ phone: "+44 20 7946 0958", birthday: "03-15", address: "1 Church Lane" });

    // Empty clears; a full date with a year is taken.
    const cleared = await m.patch("/api/user/profile", {
      firstName: "Ann",
      phone: "",
      birthday: "1990-02-28",
      address: null,
    });
    expect(cleared.body).toMatchObject({ phone: null, birthday: "1990-02-28", address: null });
    const noBirthday = await m.patch("/api/user/profile", { firstName: "Ann", birthday: "" });
    expect(noBirthday.body.birthday).toBeNull();
  });

  it("refuses a bad phone, birthday or address with a 400, storing nothing", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    await m.patch("/api/user/profile", { firstName: "Bo", phone: "555 0100" });
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ phone: "call me maybe" }, /Phone may hold only digits/],
      [{ phone: "1".repeat(41) }, /Phone must be at most 40 characters/],
      [{ phone: 5550100 }, /Phone must be text/],
      [{ birthday: "02-30" }, /birthday must be MM-DD or YYYY-MM-DD/],
      [{ birthday: "1899-01-01" }, /birthday must be MM-DD or YYYY-MM-DD/],
      [{ birthday: "12/25" }, /birthday must be MM-DD or YYYY-MM-DD/],
      [{ address: "x".repeat(301) }, /Address must be at most 300 characters/],
      [{ fax: "1" }, /./],
    ];
    for (const [over, message] of bad) {
      const res = await m.patch("/api/user/profile", { firstName: "Changed", ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.message, JSON.stringify(over)).toMatch(message);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row).toMatchObject({ firstName: "Bo", phone: "555 0100", birthday: null, address: null });
  });

  it("answers a bad phone in the caller's language", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const res = await m.request(
      "PATCH",
      "/api/user/profile",
      { firstName: "A", phone: "abc" },
      { "accept-language": "es" },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("El teléfono solo puede contener dígitos, espacios y + ( ) - .");
  });
});

describe("the directory: who sees which field", () => {
  /**
   * One church: the subject, a fellow member of their group, that group's leader, the leader of
   * another group, a plain member in no group with them, and an admin.
   */
  let c: TTestChurch;
  let subject: TSignedIn;
  let viewers: Record<"plain" | "fellow" | "leader" | "otherLeader" | "admin", TSignedIn>;

  beforeAll(async () => {
    c = await createChurch(t.app);
    subject = await addMember(t.app, c, "CONGREGANT", "Subject");
    const res = await subject.patch("/api/user/profile", { firstName: "Subject", lastName: "Person", ...CONTACT });
    expect(res.status).toBe(200);
    viewers = {
      plain: await addMember(t.app, c, "CONGREGANT", "Plain"),
      fellow: await addMember(t.app, c, "CONGREGANT", "Fellow"),
      leader: await addMember(t.app, c, "GROUP_LEADER", "Leader"),
      otherLeader: await addMember(t.app, c, "GROUP_LEADER", "Other"),
      admin: c.admin,
    };
    await makeGroup(c, viewers.leader, [subject, viewers.fellow]);
    await makeGroup(c, viewers.otherLeader, [viewers.plain]);
  });

  const sees: Record<TPrivacyAudience, (keyof typeof viewers)[]> = {
    church: ["plain", "fellow", "leader", "otherLeader", "admin"],
    groups: ["fellow", "leader", "admin"],
    leaders: ["leader", "admin"],
    nobody: [],
  };
  const storedValue = (field: TPrivacyField) => (field === "email" ? subject.user.email : CONTACT[field]);

  for (const audience of PRIVACY_AUDIENCES) {
    for (const field of PRIVACY_FIELDS) {
      it(`${field} set to "${audience}"`, async () => {
        // Only this field is open to `audience`; every other one is kept from everybody.
        await setPrivacy(subject, { ...everyField("nobody"), [field]: audience });
        for (const [name, viewer] of Object.entries(viewers)) {
          const entry = (await directory(viewer, "?q=Subject")).find((e) => e.id === subject.user.id);
          expect(entry, name).toBeDefined();
          const expected = sees[audience].includes(name as keyof typeof viewers) ? { [field]: storedValue(field) } : {};
          const { id, firstName, lastName, profileImageUrl, ...fields } = entry as TDirectoryEntry;
          expect({ id, firstName, lastName }).toEqual({
            id: subject.user.id,
            firstName: "Subject",
            lastName: "Person",
          });
          expect(profileImageUrl).toBeNull();
          expect(fields, `${name} sees ${field} (${audience})`).toEqual(expected);
        }
      });
    }
  }

  it("the owner sees all their own fields, whatever they chose", async () => {
    await setPrivacy(subject, everyField("nobody"));
    const me = (await directory(subject, "?q=Subject")).find((e) => e.id === subject.user.id);
    expect(me).toMatchObject({ email: subject.user.email, ...CONTACT });
  });

  it("uses the defaults (leaders and admins) for a member who never chose", async () => {
    await t.db.update(users).set({ privacy: {} }).where(eq(users.id, subject.user.id));
    const byPlain = (await directory(viewers.plain, "?q=Subject"))[0];
    const byLeader = (await directory(viewers.leader, "?q=Subject"))[0];
    expect(Object.keys(byPlain).sort()).toEqual(["firstName", "id", "lastName", "profileImageUrl"]);
    expect(byLeader).toMatchObject({ email: subject.user.email, ...CONTACT });
  });

  it("an archived group is no tie", async () => {
    const c2 = await createChurch(t.app);
    const s = await addMember(t.app, c2, "CONGREGANT", "Sally");
    const l = await addMember(t.app, c2, "GROUP_LEADER", "Lenny");
    await s.patch("/api/user/profile", { firstName: "Sally", phone: "123" });
    await setPrivacy(s, { ...everyField("nobody"), phone: "leaders" });
    await makeGroup(c2, l, [s], true);
    expect((await directory(l, "?q=Sally"))[0].phone).toBeUndefined();
  });
});

describe("the directory: who is listed", () => {
  it("lists the church's members by name, leaves out the hidden and searches first and last names", async () => {
    const c = await createChurch(t.app);
    const zoe = await addMember(t.app, c, "CONGREGANT", "Zoe");
    const abe = await addMember(t.app, c, "CONGREGANT", "abe");
    const hidden = await addMember(t.app, c, "CONGREGANT", "Hidden");
    await abe.patch("/api/user/profile", { firstName: "abe", lastName: "Lincoln" });
    await setPrivacy(hidden, DEFAULT_PRIVACY, true);

    const all = await directory(zoe);
    expect(all.map((e) => e.firstName)).toEqual(["abe", "Pastor", "Zoe"]);
    expect(all.some((e) => e.id === hidden.user.id)).toBe(false);
    // Hidden is hidden from themselves too: they see what the church sees.
    expect((await directory(hidden)).some((e) => e.id === hidden.user.id)).toBe(false);
    // Even an admin's directory leaves them out (the member list is where admins find everyone).
    expect((await directory(c.admin)).some((e) => e.id === hidden.user.id)).toBe(false);

    expect((await directory(zoe, "?q=linc")).map((e) => e.id)).toEqual([abe.user.id]);
    expect((await directory(zoe, "?q=abe%20lin")).map((e) => e.id)).toEqual([abe.user.id]);
    expect(await directory(zoe, "?q=%25")).toEqual([]);
    expect(await directory(zoe, "?q=Hidden")).toEqual([]);
  });

  it("pages with limit and offset", async () => {
    const c = await createChurch(t.app);
    for (const name of ["Bea", "Cal", "Dot"]) await addMember(t.app, c, "CONGREGANT", name);
    const page1 = await directory(c.admin, "?limit=2");
    const page2 = await directory(c.admin, "?limit=2&offset=2");
    expect(page1.map((e) => e.firstName)).toEqual(["Bea", "Cal"]);
    expect(page2.map((e) => e.firstName)).toEqual(["Dot", "Pastor"]);
    expect(await directory(c.admin, "?limit=2&offset=4")).toEqual([]);
  });

  it("refuses bad queries with a 400", async () => {
    const c = await createChurch(t.app);
    for (const [query, message] of [
      ["?limit=0", /limit must be at least 1/],
      ["?limit=101", /limit must be at most 100/],
      ["?limit=abc", /limit must be a number/],
      ["?offset=-1", /offset must be 0 or more/],
      [`?q=${"a".repeat(101)}`, /q must be at most 100 characters/],
    ] as const) {
      const res = await c.admin.get(`/api/directory${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });

  it("never lists another church's members, nor their fields through a group of theirs", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const inA = await addMember(t.app, a, "CONGREGANT", "Alpha");
    await inA.patch("/api/user/profile", { firstName: "Alpha", phone: "999" });
    await setPrivacy(inA, everyField("church"));
    const inB = await addMember(t.app, b, "CONGREGANT", "Beta");
    const listB = await directory(inB, "?limit=100");
    expect(listB.some((e) => e.id === inA.user.id)).toBe(false);
    expect(await directory(b.admin, "?q=Alpha")).toEqual([]);
    const listA = await directory(inA);
    expect(listA.some((e) => e.id === inB.user.id || e.id === b.admin.user.id)).toBe(false);
  });
});

describe("odd input never answers 5xx", () => {
  const ODD = [
    null,
    true,
    0,
    -1,
    1e308,
    "",
    " ",
    "x".repeat(10_000),
    [],
    {},
    "' or 1=1 --",
    "<script>",
    "😀🙏",
    "\u202e",
  ];

  it("in the profile's contact fields, the privacy settings and the directory's query", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    for (const field of ["phone", "birthday", "address"])
      for (const value of ODD) {
        const res = await m.patch("/api/user/profile", { firstName: "Odd", [field]: value });
        expect(res.status, `${field}=${JSON.stringify(value)?.slice(0, 30)}`).toBeLessThan(500);
      }
    const good = { hidden: false, fields: everyField("church") };
    for (const value of ODD) {
      expect((await m.put("/api/user/privacy", { ...good, hidden: value })).status).toBe(
        typeof value === "boolean" ? 200 : 400,
      );
      expect((await m.put("/api/user/privacy", { ...good, fields: value })).status).toBe(400);
      expect((await m.put("/api/user/privacy", { ...good, fields: { ...good.fields, bio: value } })).status).toBe(400);
      const q = encodeURIComponent(typeof value === "string" ? value.slice(0, 200) : JSON.stringify(value));
      expect((await m.get(`/api/directory?q=${q}`)).status).toBeLessThan(500);
      expect((await m.get(`/api/directory?limit=${q}&offset=${q}`)).status).toBeLessThan(500);
    }
  });
});
