import { afterAll, vi } from "vitest";

/**
 * Run before each server and browser test file. Those files share their worker's modules (`isolate:
 * false` in vitest.config.ts: the app's code is imported once per worker, not once per file), so
 * whatever a file changes process-wide is put back when it ends, and the next file starts as it
 * would in a fresh process: real timers, no spies, no stubbed environment or globals.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
