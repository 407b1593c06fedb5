import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../test/app";
import { addMember, createChurch, createSermon } from "../../test/factories";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const decode = (encoding: unknown, raw: Buffer) =>
  encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;

describe("JSON answers are compressed for clients that accept it", () => {
  it("the cached sermon list comes as brotli, gzip or plain by Accept-Encoding, always the same JSON, with each member's marks", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    for (let i = 0; i < 12; i++)
      await createSermon(c.admin, { title: `Sermon ${i}`, description: "On grace. ".repeat(20) });
    const sermons = (await m.get("/api/sermons")).body;
    await m.post(`/api/sermons/${sermons[0].id}/watch`);
    const plain = await t.app.inject({ method: "GET", url: "/api/sermons", headers: { cookie: m.cookie as string } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const json = plain.json();
    expect(json[0].isWatched).toBe(true);
    for (const [accept, expected] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["identity", undefined],
    ] as const) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/sermons",
        headers: { cookie: m.cookie as string, "accept-encoding": accept },
      });
      expect(res.headers["content-encoding"], accept).toBe(expected);
      expect(JSON.parse(decode(expected, res.rawPayload).toString()), accept).toEqual(json);
      if (expected) expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
    // The admin has watched nothing: the shared compressed copy is not the member's.
    const admin = await t.app.inject({
      method: "GET",
      url: "/api/sermons",
      headers: { cookie: c.admin.cookie as string, "accept-encoding": "br" },
    });
    expect(JSON.parse(decode("br", admin.rawPayload).toString())[0].isWatched).toBe(false);
  });

  it("other answers above 1 KB are compressed, small ones are not, and a compressed request body is never inflated", async () => {
    const c = await createChurch(t.app);
    for (let i = 0; i < 6; i++) await addMember(t.app, c, "CONGREGANT", `Member${i}`);
    const members = await t.app.inject({
      method: "GET",
      url: "/api/admin/members",
      headers: { cookie: c.admin.cookie as string, "accept-encoding": "br" },
    });
    expect(members.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(decode("br", members.rawPayload).toString())).toHaveLength(7);
    const user = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: c.admin.cookie as string, "accept-encoding": "br" },
    });
    expect(user.headers["content-encoding"]).toBeUndefined();
    expect(user.json().id).toBe(c.admin.user.id);

    const bomb = await t.app.inject({
      method: "POST",
      url: "/api/sermons",
      headers: { cookie: c.admin.cookie as string, "content-type": "application/json", "content-encoding": "gzip" },
      payload: zlib.gzipSync(JSON.stringify({ title: "x".repeat(100) })),
    });
    expect(bomb.statusCode).toBeGreaterThanOrEqual(400);
    expect(bomb.statusCode).toBeLessThan(500);
    expect(bomb.json().message).toEqual(expect.any(String));
  });
});
