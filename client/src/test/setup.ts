import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";

// findBy / waitFor wait for lazily loaded pages: seconds, not testing-library's one, when the test
// files share the machine's cores.
configure({ asyncUtilTimeout: 10_000 });

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
