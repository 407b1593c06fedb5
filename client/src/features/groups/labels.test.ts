import { GROUP_JOIN_POLICIES, GROUP_KINDS, GROUP_LEADERS_MAX, GROUP_VISIBILITIES } from "@common/groups";
import { describe, expect, it } from "vitest";
import { formatters } from "@/lib/i18n";
import {
  birthdayText,
  dayName,
  GROUP_KIND_OPTIONS,
  GROUP_POLICY_OPTIONS,
  GROUP_VISIBILITY_OPTIONS,
  isLink,
  LEADERS_MAX,
  timeText,
} from "./labels";

describe("groups labels", () => {
  it("keeps the lists and the leaders' limit equal to the contract's", () => {
    expect(GROUP_KIND_OPTIONS).toEqual([...GROUP_KINDS]);
    expect(GROUP_POLICY_OPTIONS).toEqual([...GROUP_JOIN_POLICIES]);
    expect(GROUP_VISIBILITY_OPTIONS).toEqual([...GROUP_VISIBILITIES]);
    expect(LEADERS_MAX).toBe(GROUP_LEADERS_MAX);
  });

  it("words days (0 is Sunday), times and birthdays in the language asked, whatever the machine's zone", () => {
    const en = formatters("en").date;
    const es = formatters("es").date;
    expect(dayName(en, 0)).toBe("Sunday");
    expect(dayName(en, 6)).toBe("Saturday");
    expect(dayName(es, 2)).toBe("martes");
    expect(timeText(en, "19:30")).toBe("7:30 PM");
    expect(timeText(es, "07:05")).toBe("7:05");
    expect(birthdayText(en, "03-04")).toBe("March 4");
    expect(birthdayText(en, "1990-02-28")).toBe("February 28, 1990");
    expect(birthdayText(es, "12-25")).toBe("25 de diciembre");
  });

  it("treats only an http(s) address as an online link", () => {
    expect(isLink("https://meet.example.org/x")).toBe(true);
    expect(isLink("Room 4")).toBe(false);
    expect(isLink("javascript:alert(1)")).toBe(false);
  });
});
