import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("DATABASE_DIRECT_URL", () => {
  const pooled = "postgres://app:pw@pooler:6432/fellowship";
  const direct = "postgres://app:pw@db:5432/fellowship";

  it("is kept beside DATABASE_URL (a pooler's) for what needs a session", () => {
    const config = loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct });
    expect(config.databaseUrl).toBe(pooled);
    expect(config.databaseDirectUrl).toBe(direct);
  });

  it("unset or empty: DATABASE_URL serves for everything", () => {
    expect(loadConfig({ DATABASE_URL: pooled }).databaseDirectUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: "" }).databaseDirectUrl).toBeUndefined();
  });

  it("is ignored without DATABASE_URL: the embedded database needs no pooler", () => {
    const config = loadConfig({ DATABASE_DIRECT_URL: direct });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databaseDirectUrl).toBeUndefined();
  });
});
