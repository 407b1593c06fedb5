import { describe, expect, it } from "vitest";
import { filterTimeZones, getTimeZones } from "./time-zone-select";

const ZONES = ["America/Chicago", "America/Los_Angeles", "America/New_York", "Europe/Berlin", "Pacific/Auckland"];

describe("filterTimeZones", () => {
  it("matches every typed word anywhere in the zone, ignoring case, underscores and slashes", () => {
    expect(filterTimeZones(ZONES, "new york")).toEqual(["America/New_York"]);
    expect(filterTimeZones(ZONES, "LOS_ang")).toEqual(["America/Los_Angeles"]);
    expect(filterTimeZones(ZONES, "america/chi")).toEqual(["America/Chicago"]);
    expect(filterTimeZones(ZONES, "america")).toHaveLength(3);
    expect(filterTimeZones(ZONES, "  ")).toEqual(ZONES);
    expect(filterTimeZones(ZONES, "atlantis")).toEqual([]);
  });

  it("ignores accents, as zones are spelled without them", () => {
    expect(filterTimeZones([...ZONES, "America/Sao_Paulo"], "São Paulo")).toEqual(["America/Sao_Paulo"]);
  });
});

describe("getTimeZones", () => {
  it("keeps a saved zone the browser does not list", () => {
    expect(getTimeZones("Etc/Unknown-Saved")[0]).toBe("Etc/Unknown-Saved");
    expect(getTimeZones().length).toBeGreaterThan(300);
  });
});
