import { ZHighlight } from "@common/highlights";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createSermon } from "../../../test/factories";
import { sermonHighlights } from "../../db/schema/highlights";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("sermon highlights", () => {
  it("a member saves highlights that stay private until shared; sharing counts each member once", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c, "CONGREGANT", "Ruth");
    const boaz = await addMember(t.app, c, "CONGREGANT", "Boaz");
    const s = await createSermon(c.admin);
    const created = await ruth.post("/api/sermon-highlights", {
      sermonId: s.id,
      timestamp: 754,
      text: "  Trust in the Lord  ",
      note: "",
    });
    expect(created.status).toBe(201);
    const h = ZHighlight.parse(created.body);
    expect(h).toMatchObject({
      sermonId: s.id,
      timestamp: 754,
      text: "Trust in the Lord",
      note: null,
      isShared: false,
      shareCount: 0,
      isMine: true,
      userName: "Ruth User",
    });

    expect((await ruth.get(`/api/sermon-highlights/${s.id}`)).body).toHaveLength(1);
    expect((await boaz.get(`/api/sermon-highlights/${s.id}`)).body).toEqual([]);
    // Boaz cannot share what he cannot see.
    expect((await boaz.patch(`/api/sermon-highlights/${h.id}/share`)).status).toBe(404);

    const shared = await ruth.patch(`/api/sermon-highlights/${h.id}/share`);
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ isShared: true, shareCount: 1 });
    expect((await ruth.patch(`/api/sermon-highlights/${h.id}/share`)).body.shareCount).toBe(1);

    const seen = (await boaz.get(`/api/sermon-highlights/${s.id}`)).body;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: h.id, isMine: false, userName: "Ruth User", shareCount: 1 });
    expect((await boaz.patch(`/api/sermon-highlights/${h.id}/share`)).body.shareCount).toBe(2);
  });

  it("validates the highlight (400) and needs the sermon to be the church's (404)", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const s = await createSermon(a.admin);
    const before = (await t.db.select().from(sermonHighlights)).length;
    const empty = await a.admin.post("/api/sermon-highlights", { sermonId: s.id, timestamp: 5, text: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Select some text to highlight");
    expect((await a.admin.post("/api/sermon-highlights", { sermonId: s.id, timestamp: -1, text: "x" })).status).toBe(
      400,
    );
    expect((await a.admin.post("/api/sermon-highlights", { sermonId: s.id, timestamp: 1.5, text: "x" })).status).toBe(
      400,
    );
    expect((await a.admin.post("/api/sermon-highlights", { sermonId: "nope", timestamp: 1, text: "x" })).status).toBe(
      400,
    );
    expect((await b.admin.post("/api/sermon-highlights", { sermonId: s.id, timestamp: 1, text: "x" })).status).toBe(
      404,
    );
    expect((await t.db.select().from(sermonHighlights)).length).toBe(before);
  });

  it("another church sees none of a church's shared highlights and cannot share them (404)", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const s = await createSermon(a.admin);
    const h = (await a.admin.post("/api/sermon-highlights", { sermonId: s.id, timestamp: 1, text: "Shared words" }))
      .body;
    await a.admin.patch(`/api/sermon-highlights/${h.id}/share`);
    expect((await b.admin.get(`/api/sermon-highlights/${s.id}`)).status).toBe(404);
    expect((await b.admin.patch(`/api/sermon-highlights/${h.id}/share`)).status).toBe(404);
    expect((await new Caller(t.app).get(`/api/sermon-highlights/${s.id}`)).status).toBe(401);
    expect((await a.admin.get(`/api/sermon-highlights/${s.id}`)).body[0].shareCount).toBe(1);
  });
});
