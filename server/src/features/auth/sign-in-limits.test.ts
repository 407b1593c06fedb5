import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { PASSWORD, signUp } from "../../../test/factories";
import { signInFailures } from "../../db/schema/auth";
import { addressGroup } from "../../lib/address-group";
import { EMAIL_FAILURE_LIMIT } from "./sign-in-limits";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

function from(ip: string): Caller {
  const c = new Caller(t.app);
  c.ip = ip;
  return c;
}

const login = (c: Caller, email: string, password: string) => c.post("/api/auth/login", { email, password });

describe("sign-in lockout (security item 10)", () => {
  it("ten wrong passwords from one address lock that address out, while the owner still signs in from another", async () => {
    const owner = await signUp(t.app);
    const attacker = from("203.0.113.7");
    for (let i = 0; i < 10; i++) expect((await login(attacker, owner.user.email, `wrong-${i}-pass`)).status).toBe(401);
    const eleventh = await login(attacker, owner.user.email, "wrong-10-pass");
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toMatch(/Too many failed sign-in attempts/);
    // Even the right password from the attacker's address is refused now.
    expect((await login(attacker, owner.user.email, PASSWORD)).status).toBe(429);
    // The owner, elsewhere, is not locked out.
    expect((await login(from("198.51.100.20"), owner.user.email, PASSWORD)).status).toBe(200);
  });

  it("a guess spread over many addresses stops at 100 failures for the email, for everyone", async () => {
    const owner = await signUp(t.app);
    // 99 failures already recorded from 99 addresses (each under its own 10).
    await t.db
      .insert(signInFailures)
      .values(Array.from({ length: EMAIL_FAILURE_LIMIT - 1 }, () => ({ key: `email:${owner.user.email}` })));
    expect((await login(from("192.0.2.100"), owner.user.email, "one more guess")).status).toBe(401);
    const next = await login(from("192.0.2.101"), owner.user.email, "and another one");
    expect(next.status).toBe(429);
    // Locked for everyone now, the owner included.
    expect((await login(from("198.51.100.21"), owner.user.email, PASSWORD)).status).toBe(429);
  });

  it("the owner's success from one address does not wipe the email's count across addresses", async () => {
    const owner = await signUp(t.app);
    await t.db
      .insert(signInFailures)
      .values(Array.from({ length: EMAIL_FAILURE_LIMIT - 1 }, () => ({ key: `email:${owner.user.email}` })));
    expect((await login(from("198.51.100.22"), owner.user.email, PASSWORD)).status).toBe(200);
    expect((await login(from("192.0.2.102"), owner.user.email, "a wrong guess")).status).toBe(401);
    expect((await login(from("192.0.2.103"), owner.user.email, "a wrong guess")).status).toBe(429);
  });

  it("a success from an address restarts that address's count for the email", async () => {
    const owner = await signUp(t.app);
    const phone = from("198.51.100.30");
    for (let i = 0; i < 9; i++) expect((await login(phone, owner.user.email, `typo-${i}-pass`)).status).toBe(401);
    expect((await login(phone, owner.user.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(phone, owner.user.email, `typo-${i}-again`)).status).toBe(401);
    expect((await login(phone, owner.user.email, PASSWORD)).status).toBe(200);
  });

  it("counts an IPv6 client by its /64, so new addresses in one network do not buy new tries", async () => {
    expect(addressGroup("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(addressGroup("203.0.113.5")).toBe("203.0.113.5");
    const owner = await signUp(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await login(from(`2001:db8:1:2::${(i + 1).toString(16)}`), owner.user.email, `wrong-${i}-pass`);
      expect(res.status).toBe(401);
    }
    expect((await login(from("2001:db8:1:2::ff"), owner.user.email, PASSWORD)).status).toBe(429);
    expect((await login(from("2001:db8:9:9::1"), owner.user.email, PASSWORD)).status).toBe(200);
  });

  // The app's clock and the database's differ in production (separate hosts) and in tests that move
  // the app's: failures are counted against the app's clock, so they are stamped with it.
  for (const [label, shiftMs] of [
    ["ahead of", 366 * 86_400_000],
    ["behind", -366 * 86_400_000],
  ] as const) {
    it(`still locks out after ten wrong passwords when the app's clock is ${label} the database's`, async () => {
      const owner = await signUp(t.app);
      vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.now() + shiftMs) });
      const attacker = from(shiftMs > 0 ? "203.0.113.41" : "203.0.113.42");
      for (let i = 0; i < 10; i++)
        expect((await login(attacker, owner.user.email, `wrong-${i}-pass`)).status).toBe(401);
      expect((await login(attacker, owner.user.email, "wrong-10-pass")).status).toBe(429);
      // 16 minutes later on the app's clock, the 15-minute window has passed: the owner gets in again.
      vi.setSystemTime(new Date(Date.now() + 16 * 60_000));
      expect((await login(attacker, owner.user.email, PASSWORD)).status).toBe(200);
    });
  }
});
