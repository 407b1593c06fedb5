import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../test/app";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../test/factories";
import { openSocket, refusedSocket, socketUrl, type TTestSocket } from "../../test/socket";

/**
 * Issue 23 item 3: `/ws` had no limits (150 of 150 sockets opened from one session). The apps trust
 * one proxy hop (TRUST_PROXY=1), so each test speaks from an address of its own (X-Forwarded-For),
 * as clients behind a reverse proxy do; the limits count the address the app sees (`req.ip`).
 */
let t: TTestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "1" });
  url = await socketUrl(t.app);
});

const from = (ip: string) => ({ "x-forwarded-for": ip });

async function startLive(c: TTestChurch): Promise<string> {
  const res = await c.admin.post("/api/live-stream/start", { title: "Live", recordingEnabled: false });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.eventId;
}

async function openMany(n: number, member: TSignedIn, ip: string): Promise<TTestSocket[]> {
  const sockets: TTestSocket[] = [];
  for (let i = 0; i < n; i++) sockets.push(await openSocket(url, member.cookie, undefined, from(ip)));
  return sockets;
}

describe("/ws limits: the defaults", () => {
  it("are 10 sockets a member, 50 an address, 60 upgrades a minute and 20 frames in 10 s", () => {
    expect(t.config.sockets).toEqual({ perMember: 10, perAddress: 50, upgradesPerMinute: 60, framesPer10Seconds: 20 });
  });
});

describe("/ws limits: open sockets", () => {
  it("refuses a member's 11th socket with 429 and a sentence; a closed socket gives its place back", async () => {
    const c = await createChurch(t.app);
    const other = await addMember(t.app, c);
    const ten = await openMany(10, c.admin, "198.51.100.10");
    const refused = await refusedSocket(url, c.admin.cookie, from("198.51.100.10"));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      "You have 10 live connections open already. Close a tab or window, then try again.",
    );
    // From another address too: the cap is the member's.
    expect((await refusedSocket(url, c.admin.cookie, from("198.51.100.11"))).status).toBe(429);
    // Another member at the same address is not held back.
    await openSocket(url, other.cookie, undefined, from("198.51.100.10"));

    ten[0].ws.close();
    await ten[0].closed;
    await expect
      .poll(
        async () =>
          (await openSocket(url, c.admin.cookie, undefined, from("198.51.100.10")).catch(() => null)) !== null,
      )
      .toBe(true);
  });

  it("refuses an address's 51st socket, across members, while another address still connects", async () => {
    const c = await createChurch(t.app);
    const members = [c.admin, ...(await Promise.all([1, 2, 3, 4, 5].map(() => addMember(t.app, c))))];
    for (const m of members.slice(0, 5)) await openMany(10, m, "198.51.100.20");
    const sixth = members[5];
    const refused = await refusedSocket(url, sixth.cookie, from("198.51.100.20"));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Your network has 50 live connections open already. Close some, then try again.");
    const elsewhere = await openSocket(url, sixth.cookie, undefined, from("198.51.100.21"));
    expect(elsewhere.ws.readyState).toBe(elsewhere.ws.OPEN);
  });
});

describe("/ws limits: upgrades", () => {
  it("refuses the 61st upgrade a minute from one address, signed in or not, with Retry-After; other addresses go on", async () => {
    const c = await createChurch(t.app);
    // Signed-out attempts count too: each is refused (401) after being counted.
    for (let i = 0; i < 59; i++) {
      expect((await refusedSocket(url, undefined, from("198.51.100.30"))).status).toBe(401);
    }
    await openSocket(url, c.admin.cookie, undefined, from("198.51.100.30"));
    const refused = await refusedSocket(url, c.admin.cookie, from("198.51.100.30"));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many connection attempts from your network\. Try again in \d+ seconds\.$/,
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    await openSocket(url, c.admin.cookie, undefined, from("198.51.100.31"));
  });
});

describe("/ws limits: frames", () => {
  it("lets 20 frames through in 10 s; the 21st gets an error frame, then the socket is closed with 1008", async () => {
    const c = await createChurch(t.app);
    const eventId = await startLive(c);
    const s = await openSocket(url, c.admin.cookie, undefined, from("198.51.100.40"));
    for (let i = 0; i < 19; i++) s.send({ type: "leave_live_stream" });
    s.send({ type: "join_live_stream", eventId });
    // The 20th frame is still served.
    await s.next("joined");
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    s.send({ type: "leave_live_stream" });
    expect((await s.next("error")).message).toBe(
      "Too many messages on this connection. Reload the page to connect again.",
    );
    expect((await s.closed).code).toBe(1008);
    // The member's other sockets are not affected.
    const fresh = await openSocket(url, c.admin.cookie, undefined, from("198.51.100.40"));
    fresh.send({ type: "join_live_stream", eventId });
    await fresh.next("joined");
  });
});

describe("/ws limits: settings", () => {
  let small: TTestApp;
  let smallUrl: string;
  beforeAll(async () => {
    small = await createTestApp({
      TRUST_PROXY: "1",
      WS_SOCKETS_PER_MEMBER: "2",
      WS_SOCKETS_PER_ADDRESS: "3",
      WS_UPGRADES_PER_MINUTE: "30",
      WS_FRAMES_PER_10_SECONDS: "3",
    });
    smallUrl = await socketUrl(small.app);
  });

  it("counts an IPv6 /64 as one address and follows the settings", async () => {
    const c = await createChurch(small.app);
    const [m1, m2] = await Promise.all([addMember(small.app, c), addMember(small.app, c)]);
    // A member's third socket: WS_SOCKETS_PER_MEMBER=2.
    await openSocket(smallUrl, m1.cookie, undefined, from("2001:db8:5:6::1"));
    await openSocket(smallUrl, m1.cookie, undefined, from("2001:db8:5:6::2"));
    expect((await refusedSocket(smallUrl, m1.cookie, from("2001:db8:7::1"))).status).toBe(429);
    // The /64's third socket fills it (WS_SOCKETS_PER_ADDRESS=3); a fourth from any address in it is refused.
    await openSocket(smallUrl, m2.cookie, undefined, from("2001:db8:5:6:aaaa:bbbb:cccc:dddd"));
    const refused = await refusedSocket(smallUrl, c.admin.cookie, from("2001:0db8:0005:0006:ffff::9"));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Your network has 3 live connections/);
    // The next /64 is another address.
    await openSocket(smallUrl, c.admin.cookie, undefined, from("2001:db8:5:7::1"));

    // WS_FRAMES_PER_10_SECONDS=3: the fourth frame closes the socket.
    const s = await openSocket(smallUrl, m2.cookie, undefined, from("192.0.2.50"));
    for (let i = 0; i < 4; i++) s.send({ type: "leave_live_stream" });
    await s.next("error");
    expect((await s.closed).code).toBe(1008);
  });
});
