import { afterAll, vi } from "vitest";
import { runAfterFile } from "./after-file";
import "./test-password-cost";

/**
 * Run before each server and browser test file. A worker process runs many files, so whatever a
 * file changes process-wide is put back when it ends, and the next file starts as it would in a
 * fresh process: real timers, no spies, no stubbed environment or globals; then what the file set up
 * (its apps, databases, servers: `after-file.ts`) is closed, so no pool outlives its file.
 */
afterAll(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  await runAfterFile();
});
