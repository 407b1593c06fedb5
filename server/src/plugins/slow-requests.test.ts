import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_APP_SECRET } from "../../test/app";
import { createTestDb } from "../../test/db";
import { buildApp, REQUEST_TIMEOUT_MS } from "../app";
import { loadConfig } from "../config";

/**
 * Security item 8: a request trickled a byte at a time is answered 408 or closed. The app under
 * test has a 1-second request timeout (the real one is 30 s) so the test stays short.
 */
let port: number;
let close: () => Promise<void>;

beforeAll(async () => {
  const testDb = await createTestDb();
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET }),
    db: testDb.db,
    logger: false,
    serveClient: false,
    requestTimeoutMs: 1_000,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
  close = async () => {
    await app.close();
    await testDb.drop();
  };
});
afterAll(() => close());

/** Sends `head`, then one byte of `trickle` every 200 ms; resolves with what the server said when it closed. */
function trickle(head: string, drip: string): Promise<{ answer: string; bytesSent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < drip.length && !socket.destroyed) socket.write(drip[sent++]);
    }, 200);
    const done = () => {
      clearInterval(timer);
      resolve({ answer, bytesSent: sent });
    };
    socket.on("data", (d) => (answer += d));
    socket.on("close", done);
    socket.on("error", () => {});
    // Bounded: the test never waits longer than this whatever the server does.
    setTimeout(() => socket.destroy(), 15_000).unref();
    socket.write(head);
  });
}

describe("slow requests (security item 8)", () => {
  it("the real timeout is 30 seconds", () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });

  it("answers 408 to a body trickled a byte at a time, long before it is complete", async () => {
    const body = JSON.stringify({ email: "someone@example.org", password: "x".repeat(200) });
    const { answer, bytesSent } = await trickle(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(bytesSent).toBeLessThan(body.length);
  });

  it("answers 408 to headers trickled a line at a time", async () => {
    const headers = Array.from({ length: 200 }, (_, i) => `X-Slow-${i}: y\r\n`).join("");
    const { answer, bytesSent } = await trickle("GET /api/auth/providers HTTP/1.1\r\nHost: 127.0.0.1\r\n", headers);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(bytesSent).toBeLessThan(headers.length);
  });
});
