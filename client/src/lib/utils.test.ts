import { describe, expect, it } from "vitest";
import { formatDate, formatRelativeTime, getInitials } from "./utils";

const now = new Date("2025-06-15T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("formatRelativeTime", () => {
  it("follows spec 2: Just now, minutes, hours, days under 7, then an en-US date", () => {
    expect(formatRelativeTime(ago(30_000), now)).toBe("Just now");
    expect(formatRelativeTime(ago(60_000), now)).toBe("1 minute ago");
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe("59 minutes ago");
    expect(formatRelativeTime(ago(2 * 3_600_000), now)).toBe("2 hours ago");
    expect(formatRelativeTime(ago(6 * 86_400_000), now)).toBe("6 days ago");
    expect(formatRelativeTime(ago(8 * 86_400_000), now)).toBe(
      new Date(ago(8 * 86_400_000)).toLocaleDateString("en-US"),
    );
  });
});

describe("formatDate and getInitials", () => {
  it("formats en-US dates and initials", () => {
    expect(formatDate("2025-03-04T12:00:00Z")).toBe("Mar 4, 2025");
    expect(getInitials("Ann Marie Lee")).toBe("AL");
    expect(getInitials("pastor@example.org")).toBe("P");
  });
});
