import { describe, expect, it } from "vitest";
import { isFirstVisit } from "./member-helpers";

const now = new Date("2026-05-10T12:00:00Z");
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe("isFirstVisit", () => {
  it("is the session the account was made in, on its first day", () => {
    expect(isFirstVisit({ createdAt: ago(5), lastLogin: ago(5) }, now)).toBe(true);
    expect(isFirstVisit({ createdAt: ago(5), lastLogin: null }, now)).toBe(true);
  });

  it("is over once the person has signed in again, or the account is older than a day's visit", () => {
    expect(isFirstVisit({ createdAt: ago(60 * 24 * 3), lastLogin: ago(10) }, now)).toBe(false);
    expect(isFirstVisit({ createdAt: ago(120), lastLogin: ago(10) }, now)).toBe(false);
    expect(isFirstVisit({ createdAt: ago(60 * 13), lastLogin: ago(60 * 13) }, now)).toBe(false);
  });
});
