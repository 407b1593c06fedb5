import { Copy, ShieldAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";

export type TShownSecret = { name: string; secret: string };

/** The webhook signing secret, shown once after connecting (or after a new one was made). */
export function WebhookSecretDialog({ shown, onClose }: { shown: TShownSecret | null; onClose: () => void }) {
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      toast({ title: "Secret Copied", description: "The webhook signing secret is on your clipboard." });
    } catch {
      toast({
        title: "Failed to Copy",
        description: "Could not copy the secret. Select it and copy it by hand.",
        variant: "destructive",
      });
    }
  };
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Webhook signing secret</DialogTitle>
          <DialogDescription>
            {shown?.name} signs every webhook it sends with this secret (an HMAC of the request body), so your receiver
            can tell the messages are really from us.
          </DialogDescription>
        </DialogHeader>
        <p className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-900">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Copy it now: you will not see it again. If you lose it, make a new one with Update key.
        </p>
        <div className="flex min-w-0 gap-2">
          <Input
            readOnly
            aria-label="Webhook signing secret"
            value={shown?.secret ?? ""}
            className="font-mono text-sm"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="outline" onClick={copy}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>I have copied it</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
