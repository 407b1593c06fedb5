import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { commonCatalog } from "./i18n";

/**
 * Cancel and submit at the end of a form on the page (not in a dialog: see DialogFormFooter),
 * stacked on a phone with submit on top; the submit shows `pendingLabel` while the request runs.
 */
export function FormActions({
  submitLabel,
  pendingLabel,
  pending,
  onCancel,
}: {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  const t = useT(commonCatalog);
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel}>
        {t("action.cancel")}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
