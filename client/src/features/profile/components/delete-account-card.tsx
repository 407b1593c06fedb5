import { Trash2 } from "lucide-react";
import { Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { profileCatalog } from "../i18n";

// The dialog comes with its first opening: most visits to the profile never open it.
const DeleteAccountDialog = lazyComponent(() => import("./delete-account-dialog").then((m) => m.DeleteAccountDialog));

/**
 * "Delete my account" (issue 28), below "Your data": the member erases their own account. The card
 * only says what it does; the dialog asks for the password (or a fresh single sign-on) and the word
 * DELETE, typed the same in every language.
 */
export function DeleteAccountCard() {
  const t = useT(profileCatalog);
  const [open, setOpen] = useState(false);
  const [isDrawn, setIsDrawn] = useState(false);
  if (open && !isDrawn) setIsDrawn(true);
  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle>{t("delete.title")}</CardTitle>
        <CardDescription>{t("delete.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          className="text-red-700 hover:bg-red-50"
          onPointerEnter={DeleteAccountDialog.preload}
          onFocus={DeleteAccountDialog.preload}
          onClick={() => setOpen(true)}
        >
          <Trash2 aria-hidden="true" />
          {t("delete.open")}
        </Button>
      </CardContent>
      {isDrawn && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </Card>
  );
}
