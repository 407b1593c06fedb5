import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  resetToasts();
  vi.clearAllMocks();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
