import { isAdminRole } from "@common/roles";
import { ArrowLeft } from "lucide-react";
import { Suspense, useMemo } from "react";
import { Link, useLocation } from "wouter";
import { AccessDenied } from "@/components/access-denied";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useGroupName } from "../api";

import { announcementsCatalog } from "../i18n";

// The form (its library and the contract's loader) downloads with the group's name, not before the page.
const ComposerForm = lazyComponent(() => import("../components/composer-form").then((m) => m.ComposerForm));

/**
 * Issue 29, `/groups/:id/announce` ("Announce to this group" on a group's page): the composer with
 * the audience fixed to that group, for its leaders and the admins. Back to the group once saved.
 */
export function GroupAnnouncePage({ groupId }: { groupId: string }) {
  const t = useT(announcementsCatalog);
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const group = useGroupName(groupId);
  ComposerForm.preload();
  const g = group.data;
  const fixedGroups = useMemo(() => (g ? [{ id: g.id, name: g.name }] : null), [g]);
  useDocumentTitle(g ? t("form.groupTitle", { name: g.name }) : t("form.newTitle"));
  const back = `/groups/${groupId}`;

  if (group.isLoading)
    return (
      <div className="mx-auto grid max-w-2xl gap-4" role="status" aria-label={t("detail.loading")}>
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-96 w-full rounded-2xl" />
      </div>
    );
  if (group.isError || !g)
    return <LoadError card what={t("detail.loadError")} onRetry={() => group.refetch()} className="p-8 text-center" />;
  if (!isAdminRole(user.role) && g.membership !== "leader") return <AccessDenied />;

  return (
    <div className="mx-auto max-w-2xl">
      <Link href={back} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-text">
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {g.name}
      </Link>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight break-words">{t("form.groupTitle", { name: g.name })}</h1>
          <CardDescription>{t("form.intro")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <ComposerForm
              announcement={null}
              fixedGroups={fixedGroups}
              timeZone={user.church.timeZone ?? "UTC"}
              onDone={() => navigate(back)}
              onCancel={() => navigate(back)}
            />
          </Suspense>
        </CardContent>
      </Card>
    </div>
  );
}
