import { MEMBER_EXPORT_URL } from "@common/member-data-helpers";
import { DELETE_CONFIRM_WORD, SSO_FRESH_SIGN_IN_MINUTES } from "@common/member-erasure-helpers";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, getServerMessage } from "@/lib/api-client";
import { useCurrentUser } from "@/lib/current-user";
import { goToPage } from "@/lib/full-page";
import { Rich, useT } from "@/lib/i18n";
import { useAccountInfo, useDeleteAccount } from "../api";
import { profileCatalog } from "../i18n";

/** Where the browser lands once the account is gone: the sign-in page, which says so. */
export const ACCOUNT_DELETED_URL = "/login?deleted=1";

/** The server's sentence and, when it names one, the field it is about (`{message, field}`). */
function serverError(error: unknown): { message: string | null; field: string | null } {
  if (!(error instanceof ApiError)) return { message: null, field: null };
  let field: string | null = null;
  try {
    field = (JSON.parse(error.body) as { field?: string }).field ?? null;
  } catch {
    // not JSON: no field
  }
  return { message: getServerMessage(error), field };
}

/**
 * The "Delete my account" dialog: what leaves, what stays without a name, that it cannot be undone,
 * a link to download the data first; then the password (an account without one proves itself by a
 * fresh single sign-on) and the word DELETE. The server's sentence is shown as it answers (wrong
 * password, the church's last admin). Once erased, every cached answer is forgotten and the browser
 * loads the sign-in page afresh, as signing out does.
 */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useT(profileCatalog);
  const user = useCurrentUser();
  const account = useAccountInfo();
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const hasPassword = account.data?.hasPassword ?? true;
  const isConfirmed = confirm.trim() === DELETE_CONFIRM_WORD;
  const error = serverError(remove.error);
  const passwordError = error.field === "password" ? (error.message ?? undefined) : undefined;
  const formError = passwordError ? null : remove.isError ? (error.message ?? t("delete.failed")) : null;

  useEffect(() => {
    if (!open) return;
    setPassword("");
    setConfirm("");
    remove.reset();
  }, [open, remove.reset]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!isConfirmed || remove.isPending) return;
    remove.mutate(
      { ...(hasPassword ? { password } : {}), confirm: DELETE_CONFIRM_WORD },
      {
        onSuccess: () => {
          queryClient.clear();
          goToPage(ACCOUNT_DELETED_URL);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("delete.dialogTitle")}</DialogTitle>
          <DialogDescription>{t("delete.dialogDescription", { church: user.church.name })}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2 text-sm text-muted-foreground">
          <p>{t("delete.leaves")}</p>
          <p>{t("delete.stays")}</p>
          <p className="font-medium text-red-700">{t("delete.final")}</p>
          <p>
            <Rich
              catalog={profileCatalog}
              k="delete.downloadFirst"
              components={{
                // biome-ignore lint/a11y/useAnchorContent: Rich puts the sentence's words inside the link
                0: <a href={MEMBER_EXPORT_URL} download className="font-medium text-brand-text underline" />,
              }}
            />
          </p>
        </div>
        <form id="delete-account-form" onSubmit={onSubmit} noValidate className="grid gap-4">
          {hasPassword ? (
            <FormField id="delete-password" label={t("delete.password")} error={passwordError}>
              <Input
                {...fieldAria("delete-password", passwordError)}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormField>
          ) : (
            <p className="rounded-lg bg-muted p-3 text-sm">{t("delete.sso", { minutes: SSO_FRESH_SIGN_IN_MINUTES })}</p>
          )}
          <FormField id="delete-confirm" label={t("delete.confirmLabel", { word: DELETE_CONFIRM_WORD })}>
            <Input
              id="delete-confirm"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </FormField>
          <FormAlert message={formError} />
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("delete.cancel")}
          </Button>
          <Button
            type="submit"
            form="delete-account-form"
            variant="destructive"
            disabled={!isConfirmed || remove.isPending}
          >
            {remove.isPending ? t("delete.deleting") : t("delete.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
