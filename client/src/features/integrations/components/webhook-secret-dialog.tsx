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
import { useT } from "@/lib/i18n";
import { integrationsCatalog } from "../i18n";

export type TShownSecret = { name: string; secret: string };

/** The webhook signing secret, shown once after connecting (or after a new one was made). */
export function WebhookSecretDialog({ shown, onClose }: { shown: TShownSecret | null; onClose: () => void }) {
  const t = useT(integrationsCatalog);
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      toast({ title: t("toast.secretCopiedTitle"), description: t("toast.secretCopied") });
    } catch {
      toast({
        title: t("toast.copyFailedTitle"),
        description: t("toast.secretCopyFailed"),
        variant: "destructive",
      });
    }
  };
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("secret.title")}</DialogTitle>
          <DialogDescription>{t("secret.description", { name: shown?.name ?? "" })}</DialogDescription>
        </DialogHeader>
        <p className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-900">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t("secret.warning")}
        </p>
        <div className="flex min-w-0 gap-2">
          <Input
            readOnly
            aria-label={t("secret.title")}
            value={shown?.secret ?? ""}
            className="font-mono text-sm"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="outline" onClick={copy}>
            <Copy aria-hidden="true" />
            {t("secret.copy")}
          </Button>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>{t("secret.done")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
