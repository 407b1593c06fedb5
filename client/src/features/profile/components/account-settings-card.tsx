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
import { lazyComponent } from "@/lib/lazy";
import { useAccountInfo, useSignOutEverywhere } from "../api";

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

const otherDevices = (n: number) =>
  n === 0
    ? "You are not signed in anywhere else."
    : `You are also signed in on ${n} other ${n === 1 ? "device" : "devices"}.`;

/** Account Settings: the sign-in e-mail, Change Password and Sign Out Everywhere. */
export function AccountSettingsCard({ email }: { email: string }) {
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
          title: "Sign Out Failed",
          description: getServerMessage(error) ?? "Could not sign out everywhere. Please try again.",
        }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Settings</CardTitle>
        <CardDescription>Sign-in and security.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Row icon={Mail} title="Email">
          <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">{email}</p>
        </Row>
        <Row icon={KeyRound} title="Password">
          {account.isLoading ? (
            <Skeleton className="h-8 w-40" role="status" aria-label="Loading account" />
          ) : info && !info.hasPassword ? (
            <p className="text-sm text-muted-foreground">
              You sign in with your church's single sign-on, so there is no password to change here.
            </p>
          ) : (
            <div>
              <Button variant="outline" size="sm" onClick={() => setPasswordOpen(true)}>
                Change Password
              </Button>
            </div>
          )}
        </Row>
        <Row icon={LogOut} title="Sessions">
          {info && <p className="text-sm text-muted-foreground">{otherDevices(info.otherSessions)}</p>}
          <div>
            <Button
              variant="outline"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              disabled={signOutAll.isPending}
              onClick={() => setConfirmOpen(true)}
            >
              {signOutAll.isPending ? "Signing out..." : "Sign Out Everywhere"}
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
          <AlertDialogTitle>Sign out everywhere?</AlertDialogTitle>
          <AlertDialogDescription>
            This signs you out on every device and browser, this one included. You will need to sign in again.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction destructive onClick={onSignOutEverywhere}>
              Sign Out Everywhere
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
