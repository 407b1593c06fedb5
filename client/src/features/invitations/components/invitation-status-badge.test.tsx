import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { InvitationStatusBadge } from "./invitation-status-badge";

const now = new Date("2025-06-15T12:00:00Z");

describe("InvitationStatusBadge", () => {
  it("shows Accepted when used, even after expiry", () => {
    render(<InvitationStatusBadge invitation={{ isUsed: true, expiresAt: "2025-01-01T00:00:00Z" }} now={now} />);
    expect(screen.getByText("Accepted").className).toContain("emerald");
  });

  it("shows Expired once expiresAt has passed", () => {
    render(<InvitationStatusBadge invitation={{ isUsed: false, expiresAt: "2025-06-15T11:59:59Z" }} now={now} />);
    expect(screen.getByText("Expired")).toBeTruthy();
  });

  it("shows Pending for an unused, unexpired invitation", () => {
    render(<InvitationStatusBadge invitation={{ isUsed: false, expiresAt: "2025-06-20T00:00:00Z" }} now={now} />);
    expect(screen.getByText("Pending").className).toContain("amber");
  });
});
