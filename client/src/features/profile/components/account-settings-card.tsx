import { useQueryClient } from "@tanstack/react-query";
import { KeyRound, LogOut, Mail } from "lucide-react";
import { type ReactNode, Suspense, useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { goToPage } from "@/lib/full-page";
import { useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { useAccountInfo, useSignOutEverywhere } from "../api";
import { profileCatalog } from "../i18n";

// The form (with zod and the form library) downloads when it is first opened.
const ChangePasswordDialog = lazyComponent(() =>
  import("./change-password-dialog").then((m) => m.ChangePasswordDialog),
);

function Row({ icon: Icon, title, children }: { icon: typeof Mail; title: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-text">
        <Icon className="size-[18px]" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <h3 className="text-sm font-medium text-foreground">{title}</h3>
        {children}
      </div>
    </div>
  );
}

/** Account Settings: the sign-in e-mail, Change Password and Sign Out Everywhere. */
export function AccountSettingsCard({ email }: { email: string }) {
  const t = useT(profileCatalog);
  const account = useAccountInfo();
  const signOutAll = useSignOutEverywhere();
  const queryClient = useQueryClient();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [isPasswordDrawn, setIsPasswordDrawn] = useState(false);
  if (passwordOpen && !isPasswordDrawn) setIsPasswordDrawn(true);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const info = account.data;

  const onSignOutEverywhere = () =>
    signOutAll.mutate(undefined, {
      onSuccess: () => {
        queryClient.clear();
        goToPage("/");
      },
      onError: (error) =>
        toastApiError(error, {
          title: t("account.signOutFailed"),
          description: getServerMessage(error) ?? t("account.signOutFailedDescription"),
        }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("account.title")}</CardTitle>
        <CardDescription>{t("account.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Row icon={Mail} title={t("account.email")}>
          <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">{email}</p>
        </Row>
        <Row icon={KeyRound} title={t("account.password")}>
          {account.isLoading ? (
            <Skeleton className="h-8 w-40" role="status" aria-label={t("account.loading")} />
          ) : info && !info.hasPassword ? (
            <p className="text-sm text-muted-foreground">{t("account.sso")}</p>
          ) : (
            <div>
              <Button variant="outline" size="sm" onClick={() => setPasswordOpen(true)}>
                {t("account.changePassword")}
              </Button>
            </div>
          )}
        </Row>
        <Row icon={LogOut} title={t("account.sessions")}>
          {info && (
            <p className="text-sm text-muted-foreground">{t("account.otherDevices", { count: info.otherSessions })}</p>
          )}
          <div>
            <Button
              variant="outline"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              disabled={signOutAll.isPending}
              onClick={() => setConfirmOpen(true)}
            >
              {signOutAll.isPending ? t("account.signingOut") : t("account.signOutEverywhere")}
            </Button>
          </div>
        </Row>
      </CardContent>
      {isPasswordDrawn && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />
        </Suspense>
      )}
      <AlertDialog open={confirmOpen} onOpenChange={setConfirmOpen}>
        <AlertDialogContent>
          <AlertDialogTitle>{t("account.confirmTitle")}</AlertDialogTitle>
          <AlertDialogDescription>{t("account.confirmDescription")}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("account.cancel")}</AlertDialogCancel>
            <AlertDialogAction destructive onClick={onSignOutEverywhere}>
              {t("account.signOutEverywhere")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
