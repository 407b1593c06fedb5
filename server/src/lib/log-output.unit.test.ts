import { describe, expect, it } from "vitest";
import { formatPrettyLine } from "./log-output";
import { readyMessage } from "./ready-message";

describe("readable log lines (LOG_FORMAT=pretty)", () => {
  it("shows the time, the level and the message, a request on one short line, the rest as key=value", () => {
    const time = new Date(2026, 10, 27, 9, 5, 7).getTime();
    const req = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: "h",
      reqId: "req-1",
      method: "GET",
      url: "/api/sermons",
      status: 200,
      ms: 3.4,
      msg: "request",
    });
    expect(formatPrettyLine(req)).toBe("09:05:07 INFO  GET /api/sermons 200 3.4 ms\n");
    const warn = JSON.stringify({
      level: 40,
      time,
      pid: 1,
      hostname: "h",
      file: "/data/mail/a b.eml",
      count: 2,
      msg: "mail written",
    });
    expect(formatPrettyLine(warn)).toBe('09:05:07 WARN  mail written file="/data/mail/a b.eml" count=2\n');
    const err = JSON.stringify({
      level: 50,
      time,
      err: { message: "boom", stack: "Error: boom\n    at x" },
      msg: "failed",
    });
    expect(formatPrettyLine(err)).toBe("09:05:07 ERROR failed\n    Error: boom\n        at x\n");
    expect(formatPrettyLine("not json\n")).toBe("not json\n");
  });
});

describe("the start-up's ready message", () => {
  const lan = { eth0: [{ address: "192.168.1.20", family: "IPv4", internal: false }] } as never;
  it("on all interfaces: localhost to open here, this machine's network address for others, APP_URL for emails", () => {
    const lines = readyMessage(
      { host: "0.0.0.0", port: 5000, appUrl: undefined, publicUrl: "http://localhost:5000" },
      lan,
    );
    expect(lines[0]).toBe("Fellowship is ready: open http://localhost:5000 in a browser on this machine.");
    expect(lines[1]).toContain("http://192.168.1.20:5000");
    expect(lines[1]).toContain("Set APP_URL");
  });
  it("on loopback only: says that only this machine can reach it and how to change that", () => {
    const lines = readyMessage(
      { host: "127.0.0.1", port: 5000, appUrl: undefined, publicUrl: "http://localhost:5000" },
      lan,
    );
    expect(lines[1]).toContain("HOST=0.0.0.0");
    expect(lines.join(" ")).not.toContain("192.168.1.20");
  });
  it("with APP_URL: names it as the address others use", () => {
    const lines = readyMessage(
      { host: "0.0.0.0", port: 5000, appUrl: "https://app.grace.org", publicUrl: "https://app.grace.org" },
      lan,
    );
    expect(lines[1]).toContain("https://app.grace.org (APP_URL)");
  });
});
