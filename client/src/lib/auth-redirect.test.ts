import { KUDOS_RATE_LIMITED } from "@common/kudos";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts, resetToasts } from "@/components/ui/use-toast";
import { ApiError } from "./api-client";
import { toastApiError } from "./auth-redirect";

describe("toastApiError", () => {
  afterEach(() => resetToasts());

  it("shows the server's sentence for a 429, so the member knows to wait", () => {
    toastApiError(new ApiError(429, "Too Many Requests", JSON.stringify({ message: KUDOS_RATE_LIMITED })), {
      description: "Failed to send kudos. Please try again.",
    });
    expect(getToasts()[0]).toMatchObject({ description: KUDOS_RATE_LIMITED, variant: "destructive" });
  });

  it("keeps the caller's words for other failures, and for a 429 without a message", () => {
    toastApiError(new ApiError(500, "Internal Server Error", JSON.stringify({ message: "Internal Server Error" })), {
      description: "Failed to send kudos. Please try again.",
    });
    expect(getToasts()[0].description).toBe("Failed to send kudos. Please try again.");
    toastApiError(new ApiError(429, "Too Many Requests", ""), { description: "Failed to submit prayer request" });
    expect(getToasts()[0].description).toBe("Failed to submit prayer request");
  });
});
