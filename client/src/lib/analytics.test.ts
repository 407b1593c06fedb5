// own module graph: it reads the state a module keeps, which other files' code changes.
import { describe, expect, it } from "vitest";
import {
  ANALYTICS_MAX_BATCHES,
  ANALYTICS_STORAGE_KEY,
  createSessionId,
  flushAnalytics,
  readAnalyticsBatches,
  setAnalyticsUser,
  trackEvent,
} from "./analytics";

describe("analytics", () => {
  it("makes session ids from 'session_', the time and a random part", () => {
    expect(createSessionId()).toMatch(/^session_\d{13}_[a-z0-9]+$/);
  });

  it("flushes queued events into localStorage analytics_data with the user and session", () => {
    setAnalyticsUser("u1");
    trackEvent("onboarding_completed", { step: 4 });
    flushAnalytics();
    const [batch] = readAnalyticsBatches();
    expect(batch.userId).toBe("u1");
    expect(batch.sessionId).toMatch(/^session_/);
    expect(batch.events[0]).toMatchObject({ event: "onboarding_completed", properties: { step: 4 }, userId: "u1" });
    // Nothing queued: nothing written.
    flushAnalytics();
    expect(readAnalyticsBatches()).toHaveLength(1);
  });

  it("keeps only the last 100 batches", () => {
    for (let i = 0; i < ANALYTICS_MAX_BATCHES + 5; i++) {
      trackEvent("e", { i });
      flushAnalytics();
    }
    const batches = JSON.parse(window.localStorage.getItem(ANALYTICS_STORAGE_KEY) ?? "[]");
    expect(batches).toHaveLength(ANALYTICS_MAX_BATCHES);
    expect(batches.at(-1).events[0].properties.i).toBe(ANALYTICS_MAX_BATCHES + 4);
  });
});
