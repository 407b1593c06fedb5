import type { TGroup } from "@common/groups";
import { isAdminRole } from "@common/roles";
import { Archive, ArrowLeft, LogOut, Megaphone, Pencil, SearchX } from "lucide-react";
import { type ReactNode, Suspense, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { LoadError } from "@/components/load-error";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useArchiveGroup, useGroup, useGroupRequests, useLeaveGroup } from "../api";
import { GroupBadges, GroupLocation, useMeetingText, useMembersText, useNameList } from "../components/group-facts";
import { GroupRoster } from "../components/group-roster";
import { JoinButton } from "../components/join-button";
import { groupsCatalog } from "../i18n";
import { POLICY_LABELS, personName } from "../labels";

const NO_TABS: TGroupTab[] = [];

// Only who leads the group answers requests: their list and its dialog download for them alone.
const GroupRequests = lazyComponent(() => import("../components/group-requests").then((m) => m.GroupRequests));
const GroupFormDialog = lazyComponent(() => import("../components/group-form-dialog").then((m) => m.GroupFormDialog));

function BackToGroups() {
  const t = useT(groupsCatalog);
  return (
    <Link href="/groups" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-text">
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {t("detail.back")}
    </Link>
  );
}

function GroupNotFound() {
  const t = useT(groupsCatalog);
  useDocumentTitle(t("detail.notFound.title"));
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-text">
        <SearchX className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{t("detail.notFound.title")}</h1>
      <p className="text-muted-foreground">{t("detail.notFound.description")}</p>
      <Link href="/groups" className={buttonClasses({ variant: "outline", className: "mt-2" })}>
        <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
        {t("detail.back")}
      </Link>
    </Card>
  );
}

function GroupSkeleton() {
  const t = useT(groupsCatalog);
  return (
    <div className="grid gap-4" role="status" aria-label={t("page.loading")}>
      <Skeleton className="h-5 w-24 rounded-full" />
      <Skeleton className="h-9 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-40 w-full rounded-2xl" />
    </div>
  );
}

/** About: the description, then when, where, who leads, how to join and how many, as a list of terms. */
function About({ group }: { group: TGroup }) {
  const t = useT(groupsCatalog);
  const meeting = useMeetingText()(group);
  const members = useMembersText()(group);
  const nameList = useNameList();
  const leaders = group.leaders.map((l) => personName(l, t("person.member")));
  const rows: Array<[string, React.ReactNode]> = [
    [t("detail.meets"), meeting ?? t("meeting.none")],
    ...(group.location
      ? [[t("detail.where"), <GroupLocation key="l" location={group.location} />] as [string, React.ReactNode]]
      : []),
    [t("detail.leaders"), leaders.length > 0 ? nameList(leaders) : t("detail.noLeaders")],
    [t("detail.joining"), t(POLICY_LABELS[group.joinPolicy])],
    [t("detail.space"), members],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("detail.about")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="whitespace-pre-line text-sm text-foreground">{group.description || t("detail.noDescription")}</p>
        <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-muted-foreground">{term}</dt>
              <dd className="-mt-2 min-w-0 text-foreground sm:mt-0">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * A tab of the inside that another part of the feature adds (Thread, Prayer, Meetings): drawn only when
 * the route passes it, with its label in the caller's words.
 */
export type TGroupTab = { value: string; label: string; render: (group: TGroup, canLead: boolean) => ReactNode };

/** Inside the group (its members, leaders and admins): the roster, and for leading it the requests. */
function Inside({ group, canLead, extraTabs }: { group: TGroup; canLead: boolean; extraTabs: TGroupTab[] }) {
  const t = useT(groupsCatalog);
  const requests = useGroupRequests(group.id, canLead);
  const waiting = requests.data?.length ?? 0;
  // The dashboard's "N waiting to join" opens the requests (`?tab=requests`), for who leads the group.
  const search = useSearch();
  const asked = new URLSearchParams(search).get("tab");
  const isAskedRequests = canLead && asked === "requests";
  // A notification may open another tab (a private reply: `?tab=prayers&thread=<id>`, issue 28).
  const askedTab = extraTabs.find((tab) => tab.value === asked)?.value;
  return (
    <Tabs
      defaultValue={isAskedRequests ? "requests" : (askedTab ?? extraTabs[0]?.value ?? "members")}
      className="grid gap-4"
    >
      {/* Two columns of tabs on a phone (the list's grid); one row from a tablet up (flex! over it). */}
      <TabsList aria-label={t("tabs.label")} className="w-full sm:flex! sm:w-fit">
        {extraTabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} className="flex-1 shrink-0 sm:flex-none">
            {tab.label}
          </TabsTrigger>
        ))}
        <TabsTrigger value="members" className="flex-1 shrink-0 sm:flex-none">
          {t("tabs.members")}
        </TabsTrigger>
        {canLead && (
          <TabsTrigger value="requests" className="flex-1 shrink-0 sm:flex-none">
            {waiting > 0 ? t("tabs.requestsCount", { count: waiting }) : t("tabs.requests")}
          </TabsTrigger>
        )}
      </TabsList>
      {extraTabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value}>
          {tab.render(group, canLead)}
        </TabsContent>
      ))}
      <TabsContent value="members">
        <Card>
          <CardContent className="pt-4">
            <GroupRoster groupId={group.id} groupName={group.name} canLead={canLead} />
          </CardContent>
        </Card>
      </TabsContent>
      {canLead && (
        <TabsContent value="requests">
          <Card>
            <CardContent className="pt-4">
              <Suspense fallback={<Skeleton className="h-16 w-full" />}>
                <GroupRequests groupId={group.id} requests={requests} />
              </Suspense>
            </CardContent>
          </Card>
        </TabsContent>
      )}
    </Tabs>
  );
}

/**
 * Issue 27, `/groups/:id`: a group's header (name, kind, meeting, place; Join, Ask to join or Leave),
 * About, and for its members, leaders and admins the inside: Members, and Requests for who leads it.
 * Its leaders and admins edit it; admins archive it. (Thread, Prayer and Meetings come as more tabs.)
 */
export function GroupPage({ id, extraTabs = NO_TABS }: { id: string; extraTabs?: TGroupTab[] }) {
  const t = useT(groupsCatalog);
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const group = useGroup(id);
  const leave = useLeaveGroup();
  const archive = useArchiveGroup(id);
  const [isEditing, setEditing] = useState(false);
  const [isEditUsed, setEditUsed] = useState(false);
  const [confirm, setConfirm] = useState<"leave" | "archive" | null>(null);
  const g = group.data;
  useDocumentTitle(g?.name ?? t("page.title"));

  if (group.isLoading)
    return (
      <>
        <BackToGroups />
        <GroupSkeleton />
      </>
    );
  if (group.isError && getStatus(group.error) === 404) return <GroupNotFound />;
  if (group.isError || !g)
    return (
      <>
        <BackToGroups />
        <LoadError card what={t("detail.loadError")} onRetry={() => group.refetch()} className="p-8 text-center" />
      </>
    );

  const isAdmin = isAdminRole(user.role);
  const isLeader = g.membership === "leader";
  const canLead = isAdmin || isLeader;
  const canSeeInside = canLead || g.membership === "member";

  const onLeave = () =>
    leave.mutate(g.id, {
      onSuccess: () =>
        toast({
          title:
            g.membership === "requested" ? t("leave.withdrawn", { name: g.name }) : t("leave.done", { name: g.name }),
        }),
      // 409: the last leader may not leave; the server's sentence says so in the member's language.
      onError: (error) => toastApiError(error, { description: getServerMessage(error) ?? t("leave.failed") }),
    });
  const onArchive = () =>
    archive.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t("archive.done", { name: g.name }) });
        navigate("/groups");
      },
      onError: (error) => toastApiError(error, { description: t("archive.failed") }),
    });
  const openEdit = () => {
    setEditUsed(true);
    setEditing(true);
  };

  return (
    <>
      <BackToGroups />
      <header className="mb-6 grid gap-3">
        <GroupBadges group={g} />
        <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{g.name}</h1>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <JoinButton group={g} className="w-full sm:w-auto" />
          {(g.membership === "member" || g.membership === "leader") && (
            <Button variant="outline" className="w-full sm:w-auto" onClick={() => setConfirm("leave")}>
              <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
              {t("leave.action")}
            </Button>
          )}
          {g.membership === "requested" && (
            <Button variant="outline" className="w-full sm:w-auto" disabled={leave.isPending} onClick={onLeave}>
              {t("leave.withdraw")}
            </Button>
          )}
          {canLead && (
            <Button
              variant="outline"
              className="w-full sm:w-auto"
              onPointerEnter={GroupFormDialog.preload}
              onFocus={GroupFormDialog.preload}
              onClick={openEdit}
            >
              <Pencil aria-hidden="true" />
              {t("detail.edit")}
            </Button>
          )}
          {canLead && (
            // Issue 29: the announcements' composer, its audience fixed to this group.
            <Link
              href={`/groups/${g.id}/announce`}
              className={buttonClasses({ variant: "outline", className: "w-full sm:w-auto" })}
            >
              <Megaphone aria-hidden="true" />
              {t("detail.announce")}
            </Link>
          )}
          {isAdmin && (
            <Button variant="outline" className="w-full sm:w-auto" onClick={() => setConfirm("archive")}>
              <Archive aria-hidden="true" />
              {t("archive.action")}
            </Button>
          )}
        </div>
      </header>
      <div className="grid gap-6">
        <About group={g} />
        {canSeeInside && <Inside group={g} canLead={canLead} extraTabs={extraTabs} />}
      </div>
      <ConfirmDeleteDialog
        item={confirm === "leave" ? g : null}
        title={t("leave.title", { name: g.name })}
        description={t("leave.description")}
        confirmLabel={t("leave.action")}
        onConfirm={onLeave}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDeleteDialog
        item={confirm === "archive" ? g : null}
        title={t("archive.title", { name: g.name })}
        description={t("archive.description")}
        confirmLabel={t("archive.action")}
        onConfirm={onArchive}
        onClose={() => setConfirm(null)}
      />
      {isEditUsed && (
        <Suspense fallback={null}>
          <GroupFormDialog open={isEditing} onOpenChange={setEditing} group={g} canChooseLeaders={isAdmin} />
        </Suspense>
      )}
    </>
  );
}
