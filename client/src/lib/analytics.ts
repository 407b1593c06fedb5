/**
 * A tiny analytics helper (spec 1 section 7): nothing is sent to a server. Events and metrics are
 * queued in memory and flushed as batches into localStorage `analytics_data` every 30 s and when the
 * page is hidden or unloaded, keeping the last 100 batches.
 */
import { readStorage, writeStorage } from "./storage";

export const ANALYTICS_STORAGE_KEY = "analytics_data";
export const ANALYTICS_FLUSH_INTERVAL_MS = 30_000;
export const ANALYTICS_MAX_BATCHES = 100;

export type TAnalyticsEvent = {
  event: string;
  properties: Record<string, unknown>;
  timestamp: string;
  userId?: string;
  sessionId: string;
};

export type TPerformanceMetric = {
  name: string;
  value: number;
  timestamp: string;
  metadata?: Record<string, unknown>;
};

export type TAnalyticsBatch = {
  events: TAnalyticsEvent[];
  metrics: TPerformanceMetric[];
  sessionId: string;
  userId?: string;
  timestamp: string;
};

export function createSessionId(): string {
  return `session_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`;
}

const sessionId = createSessionId();
let userId: string | undefined;
let events: TAnalyticsEvent[] = [];
let timer: ReturnType<typeof setInterval> | undefined;

export function setAnalyticsUser(id: string | undefined): void {
  userId = id;
}

export function trackEvent(event: string, properties: Record<string, unknown> = {}): void {
  events.push({ event, properties, timestamp: new Date().toISOString(), userId, sessionId });
}

export function trackError(error: unknown, context: string): void {
  const message = error instanceof Error ? error.message : String(error);
  trackEvent("error", { message, context });
}

export function readAnalyticsBatches(): TAnalyticsBatch[] {
  try {
    const parsed = JSON.parse(readStorage(ANALYTICS_STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

export function flushAnalytics(): void {
  if (events.length === 0) return;
  // The batch keeps the spec's shape; nothing measures performance metrics yet.
  const batch: TAnalyticsBatch = { events, metrics: [], sessionId, userId, timestamp: new Date().toISOString() };
  events = [];
  const batches = [...readAnalyticsBatches(), batch].slice(-ANALYTICS_MAX_BATCHES);
  writeStorage(ANALYTICS_STORAGE_KEY, JSON.stringify(batches));
}

/** Starts the periodic flush; call once from the entry point. */
export function startAnalytics(): () => void {
  if (timer) return () => undefined;
  timer = setInterval(flushAnalytics, ANALYTICS_FLUSH_INTERVAL_MS);
  const onHide = () => {
    if (document.visibilityState === "hidden") flushAnalytics();
  };
  window.addEventListener("pagehide", flushAnalytics);
  window.addEventListener("beforeunload", flushAnalytics);
  document.addEventListener("visibilitychange", onHide);
  return () => {
    clearInterval(timer);
    timer = undefined;
    window.removeEventListener("pagehide", flushAnalytics);
    window.removeEventListener("beforeunload", flushAnalytics);
    document.removeEventListener("visibilitychange", onHide);
  };
}
