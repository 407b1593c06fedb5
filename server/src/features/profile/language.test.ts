import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { findAuditEntries } from "../../../test/audit-entries";
import { addMember, createChurch, signUp } from "../../../test/factories";
import { churches } from "../../db/schema/churches";
import { users } from "../../db/schema/users";

/**
 * Issue 26's contract: a member's language (PATCH /api/user/preferences), the church's default
 * (Church Settings), and which of them, or the browser's Accept-Language, an error answer speaks.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A request with an Accept-Language header, as a browser sends it. */
const inBrowser = (
  caller: Caller,
  method: "GET" | "POST" | "PATCH" | "PUT",
  url: string,
  body: unknown,
  accept: string,
) => caller.request(method, url, body, { "accept-language": accept });

const CHOOSE_A_PREFERENCE = {
  en: "Choose a preference to change",
  es: "Elige una preferencia para cambiar",
  fr: "Choisissez une préférence à modifier",
  ko: "변경할 설정을 선택해 주세요",
};

const settingsOf = async (admin: Caller) => (await admin.get("/api/admin/church/settings")).body;
/** The form's fields as they are (PUT takes the whole form). */
const formOf = async (admin: Caller) => {
  const { name, address, phone, email, website, brandColor, logoUrl } = await settingsOf(admin);
  return { name, address, phone, email, website, brandColor, logoUrl };
};
const putSettings = async (admin: Caller, over: Record<string, unknown>) =>
  admin.put("/api/admin/church/settings", { ...(await formOf(admin)), ...over });

describe("a member's language", () => {
  it("is saved by PATCH /api/user/preferences and carried by GET /api/auth/user and the preferences", async () => {
    const me = await signUp(t.app);
    expect((await me.get("/api/auth/user")).body.language).toBeNull();
    expect((await me.get("/api/user/preferences")).body.language).toBeNull();

    const res = await me.patch("/api/user/preferences", { language: "es" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.language).toBe("es");
    expect((await me.get("/api/auth/user")).body.language).toBe("es");
    expect((await me.get("/api/user/preferences")).body.language).toBe("es");

    expect((await me.patch("/api/user/preferences", { language: "pt-BR" })).body.language).toBe("pt-BR");
    expect((await me.get("/api/auth/user")).body.language).toBe("pt-BR");
  });

  it("refuses a language Fellowship does not ship with 400, and stores nothing", async () => {
    const me = await signUp(t.app);
    await me.patch("/api/user/preferences", { language: "fr" });
    for (const language of ["xx", "EN", "pt", "", 7]) {
      const res = await me.patch("/api/user/preferences", { language });
      expect(res.status, String(language)).toBe(400);
      expect(res.body.errors[0].path).toBe("language");
      if (typeof language === "string") expect(res.body.errors[0].message).toMatch(/^Choisissez|langue/i);
    }
    // In English (no choice, no church, no Accept-Language): the catalogue's own sentence.
    const english = await signUp(t.app);
    const res = await english.patch("/api/user/preferences", { language: "xx" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: "Choose one of the languages Fellowship offers",
      errors: [{ path: "language", message: "Choose one of the languages Fellowship offers" }],
    });
    expect((await english.get("/api/auth/user")).body.language).toBeNull();
    expect((await me.get("/api/auth/user")).body.language).toBe("fr");
    const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.id, me.user.id));
    expect(row.language).toBe("fr");
  });

  it("is cleared by {language: null}: the church's default applies again", async () => {
    const c = await createChurch(t.app);
    await putSettings(c.admin, { defaultLanguage: "ko" });
    const member = await addMember(t.app, c);
    await member.patch("/api/user/preferences", { language: "es" });
    expect((await member.patch("/api/user/preferences", {})).body.message).toBe(CHOOSE_A_PREFERENCE.es);

    const res = await member.patch("/api/user/preferences", { language: null });
    expect(res.status).toBe(200);
    expect(res.body.language).toBeNull();
    expect((await member.get("/api/auth/user")).body.language).toBeNull();
    expect((await member.patch("/api/user/preferences", {})).body.message).toBe(CHOOSE_A_PREFERENCE.ko);
  });
});

describe("the church's default language", () => {
  it("is taken by PUT /api/admin/church/settings, shown by GET, and recorded in the audit trail", async () => {
    const c = await createChurch(t.app);
    expect((await settingsOf(c.admin)).defaultLanguage).toBeNull();

    const res = await putSettings(c.admin, { defaultLanguage: "pt-BR" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.defaultLanguage).toBe("pt-BR");
    expect((await settingsOf(c.admin)).defaultLanguage).toBe("pt-BR");
    expect((await c.admin.get("/api/auth/user")).body.church.defaultLanguage).toBe("pt-BR");

    // Left out, it stays as it is; null clears it.
    await putSettings(c.admin, { name: "Renamed" });
    expect((await settingsOf(c.admin)).defaultLanguage).toBe("pt-BR");
    expect((await putSettings(c.admin, { defaultLanguage: null })).body.defaultLanguage).toBeNull();

    const entries = await findAuditEntries(t.db, c.church.id, "settings.updated");
    const languages = entries.filter((e) => "defaultLanguage" in e.changes).map((e) => e.changes.defaultLanguage);
    expect(languages).toEqual([
      [null, "pt-BR"],
      ["pt-BR", null],
    ]);
    expect(entries.every((e) => e.actorId === c.admin.user.id)).toBe(true);
  });

  it("refuses an unknown code with 400 and changes nothing", async () => {
    const c = await createChurch(t.app);
    await putSettings(c.admin, { defaultLanguage: "fr" });
    for (const defaultLanguage of ["xx", "english", 1]) {
      const res = await putSettings(c.admin, { defaultLanguage });
      expect(res.status, String(defaultLanguage)).toBe(400);
      expect(res.body.errors[0].path).toBe("defaultLanguage");
    }
    expect((await settingsOf(c.admin)).defaultLanguage).toBe("fr");
  });

  it("is an admin's: a member gets 403, and church B's admin neither sees nor changes church A's", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    await putSettings(a.admin, { defaultLanguage: "es" });
    const member = await addMember(t.app, a);

    expect((await member.get("/api/admin/church/settings")).status).toBe(403);
    const refused = await member.put("/api/admin/church/settings", {
      ...(await formOf(a.admin)),
      defaultLanguage: "ar",
    });
    expect(refused.status).toBe(403);

    // B's admin reads and writes B's settings only.
    expect((await settingsOf(b.admin)).id).toBe(b.church.id);
    expect((await settingsOf(b.admin)).defaultLanguage).toBeNull();
    expect((await putSettings(b.admin, { defaultLanguage: "ar" })).status).toBe(200);

    const [rowA] = await t.db
      .select({ defaultLanguage: churches.defaultLanguage })
      .from(churches)
      .where(eq(churches.id, a.church.id));
    expect(rowA.defaultLanguage).toBe("es");
    expect((await settingsOf(a.admin)).defaultLanguage).toBe("es");
    expect(await findAuditEntries(t.db, a.church.id, "settings.updated")).toHaveLength(1);
  });
});

describe("the language of an error answer", () => {
  it("is the member's choice, over the church's default, over Accept-Language", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const bad = () => inBrowser(member, "PATCH", "/api/user/preferences", {}, "fr-CA,fr;q=0.9");

    // Nothing chosen: the browser's language.
    expect((await bad()).body.message).toBe(CHOOSE_A_PREFERENCE.fr);
    // The church's default wins over the browser.
    await putSettings(c.admin, { defaultLanguage: "ko" });
    expect((await bad()).body.message).toBe(CHOOSE_A_PREFERENCE.ko);
    // The member's own choice wins over both.
    await member.patch("/api/user/preferences", { language: "es" });
    const res = await bad();
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CHOOSE_A_PREFERENCE.es);
    // Another member of the same church, with no choice, still reads the church's default.
    const other = await addMember(t.app, c);
    expect((await inBrowser(other, "PATCH", "/api/user/preferences", {}, "fr")).body.message).toBe(
      CHOOSE_A_PREFERENCE.ko,
    );
  });

  it("is Accept-Language's for a signed-out request, English by default", async () => {
    const visitor = new Caller(t.app);
    const es = await inBrowser(visitor, "POST", "/api/auth/login", {}, "es-MX,es;q=0.9,en;q=0.5");
    expect(es.status).toBe(400);
    expect(es.body.message).toBe("El correo electrónico es obligatorio");
    expect(es.body.errors[0].path).toBe("email");

    const wrong = await inBrowser(
      visitor,
      "POST",
      "/api/auth/login",
      { email: "nobody@example.org", password: "not it at all" },
      "pt-BR",
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).not.toBe("Invalid email or password.");

    const en = await visitor.post("/api/auth/login", {});
    expect(en.body.message).toBe("Email is required");
    // A language Fellowship does not ship falls back to English.
    expect((await inBrowser(visitor, "POST", "/api/auth/login", {}, "de-DE,de")).body.message).toBe(
      "Email is required",
    );
  });

  it("puts a 400's message and each errors[].message in Korean, and leaves the paths as they are", async () => {
    const c = await createChurch(t.app);
    const me = await addMember(t.app, c);
    await me.patch("/api/user/preferences", { language: "ko" });
    const res = await me.patch("/api/user/preferences", { language: "xx" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].path).toBe("language");
    expect(res.body.errors[0].message).toMatch(/[가-힣]/);
    expect(res.body.errors[0].message).not.toMatch(/Choose/);
    expect(res.body.message).toBe(res.body.errors[0].message);

    expect((await me.patch("/api/user/preferences", {})).body.message).toBe(CHOOSE_A_PREFERENCE.ko);
    // A sentence built at run time keeps its values: {0} filled in Korean.
    const events = await me.get("/api/events?from=2026-01-01&to=2027-06-01");
    expect(events.status).toBe(400);
    expect(events.body.message).toBe("한 번에 최대 366일까지의 일정만 요청할 수 있어요.");
    expect(events.body.errors).toEqual([{ path: "to", message: events.body.message }]);
  });

  it("uses zod's own Spanish for a rule that has no sentence of ours", async () => {
    const me = await signUp(t.app);
    await me.patch("/api/user/preferences", { language: "es" });
    const res = await me.patch("/api/user/preferences", { emailNotifications: "yes" });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe("emailNotifications");
    expect(res.body.errors[0].message).toMatch(/^Entrada inválida/);
    expect(res.body.errors[0].message).toMatch(/booleano/);

    await me.patch("/api/user/preferences", { language: null });
    const english = await me.patch("/api/user/preferences", { emailNotifications: "yes" });
    expect(english.body.errors[0].message).toMatch(/expected boolean/);
  });
});
