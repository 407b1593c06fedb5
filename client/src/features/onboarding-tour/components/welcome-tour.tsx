import { Mail, Palette, Video } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { TChurchUser } from "@/lib/current-user";

const STEPS = [
  { icon: Palette, title: "Make it look like your church", text: "Add your logo and color.", href: "/admin/settings" },
  {
    icon: Mail,
    title: "Invite your people",
    text: "Send invitation links to leaders and members.",
    href: "/admin/invitations",
  },
  {
    icon: Video,
    title: "Share your first sermon and event",
    text: "Give members something to open.",
    href: "/admin/sermons",
  },
];

/** Spec 2: the admin welcome tour, once per user. */
export function WelcomeTour({ user, open, onClose }: { user: TChurchUser; open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle className="text-xl">Welcome, {user.firstName || "church leader"}!</DialogTitle>
          <DialogDescription>
            {user.church.name} is ready on Fellowship. Three steps get your congregation started:
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2">
          {STEPS.map(({ icon: Icon, title, text, href }) => (
            <li key={href}>
              <Link
                href={href}
                onClick={onClose}
                className="flex items-start gap-3 rounded-xl border border-border p-3 transition-colors hover:bg-muted"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-text">
                  <Icon className="size-[18px]" aria-hidden="true" />
                </span>
                <span className="grid">
                  <span className="text-sm font-medium">{title}</span>
                  <span className="text-sm text-muted-foreground">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="flex justify-end">
          <Button onClick={onClose}>Let's go</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
