import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";

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
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
