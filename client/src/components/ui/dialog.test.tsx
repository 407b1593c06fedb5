import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogTitle } from "./alert-dialog";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./dialog";

function OpenedFromState({ alert = false }: { alert?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit Profile
      </button>
      {alert ? (
        <AlertDialog open={open} onOpenChange={setOpen}>
          <AlertDialogContent aria-describedby={undefined}>
            <AlertDialogTitle>Sign out everywhere?</AlertDialogTitle>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
          </AlertDialogContent>
        </AlertDialog>
      ) : (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Edit Profile</DialogTitle>
            <DialogDescription>Your name and bio.</DialogDescription>
            <input aria-label="First name" />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

describe("dialogs opened from state, without a Radix trigger", () => {
  it("move focus into the dialog and give it back to the opener on Escape", async () => {
    render(<OpenedFromState />);
    const opener = screen.getByRole("button", { name: "Edit Profile" });
    // The keyboard path: focus the opener and press Enter (a click does not focus a button everywhere).
    opener.focus();
    await userEvent.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("give focus back to the opener when an alert dialog is cancelled", async () => {
    render(<OpenedFromState alert />);
    const opener = screen.getByRole("button", { name: "Edit Profile" });
    opener.focus();
    await userEvent.keyboard("{Enter}");
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
