import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../test/app";
import { signUp } from "../../test/factories";

describe("general rate limit", () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_HOUR: "5" });
  });

  it("answers 429 with a message once an address passes RATE_LIMIT_PER_HOUR API requests", async () => {
    const anon = new Caller(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await anon.get("/api/auth/providers")).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const limited = await anon.get("/api/auth/providers");
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many requests/);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("counts an IPv6 client by its /64 network: a new address in the same /64 shares the limit (issue 23)", async () => {
    const from = (ip: string) => Object.assign(new Caller(t.app), { ip });
    const statuses: number[] = [];
    // Five addresses of one /64 (written in several forms), one request each: the budget is spent.
    for (const ip of [
      "2001:db8:aa:1::1",
      "2001:db8:aa:1::2",
      "2001:db8:aa:1:ffff:ffff:ffff:ffff",
      "2001:0db8:00aa:0001::9",
      "2001:db8:aa:1:1:2:3:4",
    ]) {
      statuses.push((await from(ip).get("/api/auth/providers")).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = await from("2001:db8:aa:1:dead:beef:0:1").get("/api/auth/providers");
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/Too many requests/);

    // The next /64 over is another client with its own budget.
    const neighbour = from("2001:db8:aa:2::1");
    for (let i = 0; i < 5; i++) expect((await neighbour.get("/api/auth/providers")).status).toBe(200);
    expect((await neighbour.get("/api/auth/providers")).status).toBe(429);
  });
});

describe("with the general limit off (RATE_LIMIT_PER_HOUR=0)", () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_HOUR: "0" });
  });

  it("serves many requests, but still limits registrations per address", async () => {
    const anon = new Caller(t.app);
    for (let i = 0; i < 50; i++) expect((await anon.get("/api/auth/providers")).status).toBe(200);
    const first = await signUp(t.app);
    expect(first.user.id).toBeTruthy();
    const res = await anon.post("/api/auth/register", { email: "x@example.org", password: "short" });
    expect(Number(res.headers["x-ratelimit-limit"])).toBe(300);
  });
});
