import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ToastOutlet } from "./toast-outlet";
import { Toaster } from "./toaster";
import { getToasts, TOAST_LIMIT, toast } from "./use-toast";

describe("Toaster", () => {
  it("shows one toast at a time with title, description and a close button", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "First", description: "one" });
      toast({ title: "Second", description: "two", variant: "destructive" });
    });
    expect(TOAST_LIMIT).toBe(1);
    expect(screen.queryByText("First")).toBeNull();
    expect(screen.getByText("Second")).toBeTruthy();
    expect(screen.getByText("two")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(getToasts()[0].open).toBe(false);
  });

  it("labels the toast region with the F8 hotkey", () => {
    render(<Toaster />);
    expect(screen.getByRole("region", { name: "Notifications (F8)" })).toBeTruthy();
  });

  it("ToastOutlet draws nothing until the first toast, then the toaster with it", async () => {
    render(<ToastOutlet />);
    expect(screen.queryByRole("region", { name: "Notifications (F8)" })).toBeNull();
    act(() => {
      toast({ title: "Saved", description: "All done" });
    });
    expect(await screen.findByText("All done")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Notifications (F8)" })).toBeTruthy();
  });
});
