import { afterAll, vi } from "vitest";
import "./test-password-cost";

/**
 * Run before each server and browser test file. Each file has its own module graph (vitest.config.ts
 * explains why not `isolate: false`), but a worker process may run more than one file, so whatever a
 * file changes process-wide is put back when it ends, and the next file starts as it would in a
 * fresh process: real timers, no spies, no stubbed environment or globals.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
