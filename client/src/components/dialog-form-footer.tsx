import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { useT } from "@/lib/i18n";
import { commonCatalog } from "./i18n";

/**
 * Cancel and submit for a dialog whose form sits in its body: the submit button names the form by
 * `formId` because it lives outside it, and shows `pendingLabel` while the request runs.
 */
export function DialogFormFooter({
  formId,
  submitLabel,
  pendingLabel,
  pending,
  onCancel,
}: {
  formId: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  const t = useT(commonCatalog);
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        {t("action.cancel")}
      </Button>
      <Button type="submit" form={formId} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
